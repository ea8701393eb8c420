import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import type { UploadableType } from "./contract";
import { newUpload, type Upload } from "./upload-keys";

const { uploadGrants } = tables;
type Grant = typeof uploadGrants.$inferSelect;

/** How long an upload may wait under `raw/` to be normalised before it counts as abandoned. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

// A grant is for this account, and still current.
const current = (key: string, userId: number, now: Date) =>
  and(eq(uploadGrants.key, key), eq(uploadGrants.userId, userId), gt(uploadGrants.expiresAt, now));

/**
 * A fresh raw key for one file of `type`, recorded as handed to `userId`: whatever store
 * takes the file, only that account may normalise it.
 */
export async function grantUpload(db: Db, type: UploadableType, userId: number, now = new Date()): Promise<Upload> {
  const upload = newUpload(type, userId);
  await db
    .insert(uploadGrants)
    .values({ key: upload.key, userId, expiresAt: new Date(now.getTime() + ABANDONED_AFTER_MS) });
  return upload;
}

/**
 * Record that the file for `key` arrived, once: of two uploads racing with one URL, only
 * the first to finish gets true.
 */
export async function markReceived(db: Db, key: string, userId: number, now = new Date()): Promise<boolean> {
  const [row] = await db
    .update(uploadGrants)
    .set({ receivedAt: now })
    .where(and(current(key, userId, now), isNull(uploadGrants.receivedAt)))
    .returning({ key: uploadGrants.key });
  return Boolean(row);
}

/** The grant of `key` to `userId`, while it lasts; null for another account's key. */
export async function currentGrant(db: Db, key: string, userId: number, now = new Date()): Promise<Grant | null> {
  const [row] = await db
    .select()
    .from(uploadGrants)
    .where(current(key, userId, now));
  return row ?? null;
}

/**
 * Take the grant for `key` to normalise it, so of several calls at once only one goes on;
 * the others get null.
 */
export async function takeGrant(db: Db, key: string, userId: number, now = new Date()): Promise<Grant | null> {
  const [row] = await db
    .delete(uploadGrants)
    .where(current(key, userId, now))
    .returning();
  return row ?? null;
}

/** Give back a grant taken by a normalisation that failed for want of the store, so it can be retried. */
export async function returnGrant(db: Db, grant: Grant): Promise<void> {
  await db.insert(uploadGrants).values(grant).onConflictDoNothing();
}

/** Forget grants past their time; their uploads count as abandoned. */
export async function purgeExpiredGrants(db: Db, now = new Date()): Promise<void> {
  await db.delete(uploadGrants).where(lt(uploadGrants.expiresAt, now));
}
