import { randomBytes } from "node:crypto";
import { lt } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { conflict, forbidden } from "@/lib/errors";
import { isSignedBy, sign } from "@/lib/signing.server";
import { UPLOADABLE_TYPES } from "./contract";
import { RAW_KEY, type Upload } from "./upload-keys";

const { uploadTickets } = tables;

/** How long a signed upload URL may be used. */
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;

const policySchema = z.object({
  key: z.string().regex(RAW_KEY),
  type: z.enum(UPLOADABLE_TYPES),
  max: z.number().int().positive(),
  exp: z.number().int(),
  nonce: z.string().min(16),
});
export type UploadPolicy = z.output<typeof policySchema>;

/**
 * Permission for one direct upload: the URL of the site's upload endpoint with an
 * HMAC-signed policy fixing where the file goes, its type and largest size, and when the
 * permission ends (the local driver's presigned URL).
 */
export async function signUpload(db: Db, upload: Upload, now = Date.now()): Promise<string> {
  const policy: UploadPolicy = {
    key: upload.key,
    type: upload.type,
    max: upload.maxBytes,
    exp: now + UPLOAD_URL_TTL_MS,
    nonce: randomBytes(18).toString("base64url"),
  };
  const encoded = Buffer.from(JSON.stringify(policy)).toString("base64url");
  const signature = await sign(db, "uploadSigningKey", encoded);
  return `/api/objects/upload?policy=${encoded}&signature=${signature}`;
}

/** The policy of a signed upload URL, if genuine, unexpired and unused; using it uses it up. */
export async function redeemUpload(
  db: Db,
  encoded: string,
  signature: string,
  now = Date.now(),
): Promise<UploadPolicy> {
  if (!(await isSignedBy(db, "uploadSigningKey", encoded, signature))) throw forbidden("Invalid upload signature");
  const parsed = policySchema.safeParse(JSON.parse(Buffer.from(encoded, "base64url").toString()));
  if (!parsed.success) throw forbidden("Invalid upload policy");
  if (parsed.data.exp <= now) throw forbidden("This upload URL has expired");
  await db.delete(uploadTickets).where(lt(uploadTickets.expiresAt, new Date(now)));
  const [used] = await db
    .insert(uploadTickets)
    .values({ nonce: parsed.data.nonce, expiresAt: new Date(parsed.data.exp) })
    .onConflictDoNothing()
    .returning();
  if (!used) throw conflict("This upload URL was already used");
  return parsed.data;
}
