import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { conflict, forbidden } from "@/lib/errors";
import { UPLOADABLE_TYPES } from "./contract";
import { RAW_KEY, type Upload } from "./upload-keys";

const { appState, uploadTickets } = tables;

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

// The signing key lives in the database, so every instance signs and checks alike.
async function signingKey(db: Db): Promise<Buffer> {
  await db
    .insert(appState)
    .values({ key: "uploadSigningKey", value: randomBytes(32).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appState).where(eq(appState.key, "uploadSigningKey"));
  return Buffer.from(String(row?.value), "base64");
}

const sign = (key: Buffer, policy: string) => createHmac("sha256", key).update(policy).digest("base64url");
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
  const signature = sign(await signingKey(db), encoded);
  return `/api/objects/upload?policy=${encoded}&signature=${signature}`;
}

/** The policy of a signed upload URL, if genuine, unexpired and unused; using it uses it up. */
export async function redeemUpload(
  db: Db,
  encoded: string,
  signature: string,
  now = Date.now(),
): Promise<UploadPolicy> {
  const expected = Buffer.from(sign(await signingKey(db), encoded));
  const given = Buffer.from(signature);
  // Constant time, so a forged signature cannot be found byte by byte.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw forbidden("Invalid upload signature");
  }
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
