import { z } from "zod";
import type { Db } from "@/lib/db.server";
import { conflict, forbidden } from "@/lib/errors";
import { isSignedBy, sign } from "@/lib/signing.server";
import { MULTIPART_LIMITS, UPLOADABLE_TYPES } from "./contract";
import { isClaimed } from "./upload-claims.server";
import { RAW_KEY, UPLOAD_ID, type Upload } from "./upload-keys";

const NOT_SIGNED = "This upload URL is not one the site signed, or was changed since";

/** How long a signed upload URL may be used. */
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;

const policySchema = z.object({
  key: z.string().regex(RAW_KEY),
  type: z.enum(UPLOADABLE_TYPES),
  max: z.number().int().positive(),
  exp: z.number().int(),
  /** The account the URL was handed to; the key is fresh for each URL, so it tells uses apart. */
  uid: z.number().int(),
  /** For one request of a multipart upload (`local-multipart.server.ts`): which upload, and which part. */
  upload: z.string().regex(UPLOAD_ID).optional(),
  part: z.number().int().min(1).max(MULTIPART_LIMITS.maxParts).optional(),
});
export type UploadPolicy = z.output<typeof policySchema>;

/** A request of a multipart upload a policy may be for: none for the whole file in one PUT. */
export interface SignedStep {
  uploadId?: string;
  partNumber?: number;
}

/**
 * Permission for one direct upload: the URL of the site's upload endpoint with an
 * HMAC-signed policy fixing where the file goes, its type and largest size, who may send
 * it, and when the permission ends (the local driver's presigned URL). The policy is the
 * whole grant: nothing is recorded when it is made, so asking for one changes nothing.
 * With `endpoint` "multipart" it is for one request of a multipart upload instead, fixing
 * the upload and part it is for.
 */
export async function signUpload(
  db: Db,
  upload: Upload,
  { endpoint = "upload", step = {} }: { endpoint?: "upload" | "multipart"; step?: SignedStep } = {},
  now = Date.now(),
): Promise<string> {
  const policy: UploadPolicy = {
    key: upload.key,
    type: upload.type,
    max: upload.maxBytes,
    exp: now + UPLOAD_URL_TTL_MS,
    uid: upload.userId,
    upload: step.uploadId,
    part: step.partNumber,
  };
  const encoded = Buffer.from(JSON.stringify(policy)).toString("base64url");
  const signature = await sign(db, "uploadSigningKey", encoded);
  return `/api/objects/${endpoint}?policy=${encoded}&signature=${signature}`;
}

/**
 * The policy of a signed upload URL, if genuine, unexpired, handed to `userId` and its key
 * not yet normalised. Checking does not use it up: only a file received whole does
 * (`receiveUpload`), so a refused or broken upload can be sent again.
 */
export async function checkUpload(
  db: Db,
  encoded: string,
  signature: string,
  userId: number,
  now = Date.now(),
): Promise<UploadPolicy> {
  // Forged, or changed after signing (another key, type, size or time): nothing of it is read.
  if (!(await isSignedBy(db, "uploadSigningKey", encoded, signature))) throw forbidden(NOT_SIGNED);
  const parsed = policySchema.safeParse(JSON.parse(Buffer.from(encoded, "base64url").toString()));
  if (!parsed.success) throw forbidden(NOT_SIGNED);
  if (parsed.data.exp <= now) throw forbidden("This upload URL has expired: ask for a new one");
  if (parsed.data.uid !== userId) throw forbidden("This upload URL was given to another account");
  if (await isClaimed(db, parsed.data.key)) throw conflict("This upload URL was already used");
  return parsed.data;
}
