import { eq, lt } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";

const { uploadClaims } = tables;

/** How long an upload may wait under `raw/` to be normalised before it counts as abandoned. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Take `key` to normalise it: of several calls at once only one gets true. The claim stays
 * once taken, so the key's upload URL is spent and a file sent to the key again is not
 * normalised again (it would replace the file the first one became). It outlives any URL
 * naming the key, which ends after UPLOAD_URL_TTL_MS, and an upload begun in time.
 */
export async function claimUpload(db: Db, key: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .insert(uploadClaims)
    .values({ key, expiresAt: new Date(now.getTime() + ABANDONED_AFTER_MS) })
    .onConflictDoNothing()
    .returning({ key: uploadClaims.key });
  return Boolean(row);
}

/** Give back a claim taken by a normalisation that failed for want of the store, so it can be retried. */
export async function releaseClaim(db: Db, key: string): Promise<void> {
  await db.delete(uploadClaims).where(eq(uploadClaims.key, key));
}

/** Whether normalize has taken `key`, so its upload URL is spent. */
export async function isClaimed(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ key: uploadClaims.key }).from(uploadClaims).where(eq(uploadClaims.key, key));
  return Boolean(row);
}

/** Forget claims past their time: no URL naming their keys can still be used. */
export async function purgeExpiredClaims(db: Db, now = new Date()): Promise<void> {
  await db.delete(uploadClaims).where(lt(uploadClaims.expiresAt, now));
}
