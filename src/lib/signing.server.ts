import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./db.server";
import { tables } from "./db.server";

const { appState } = tables;

/** What a key signs; each purpose has its own key, so one signature never passes for another's. */
export const SIGNING_PURPOSES = ["uploadSigningKey", "deviceCookieKey", "newsletterLinkKey"] as const;
export type SigningPurpose = (typeof SIGNING_PURPOSES)[number];

const newKey = (purpose: SigningPurpose) => ({ key: purpose, value: randomBytes(32).toString("base64") });

/**
 * Make every purpose's key that does not exist yet, once, at start: signing is then only a
 * read, so a GET that signs something (an upload URL) writes nothing.
 */
export async function ensureSigningKeys(db: Db): Promise<void> {
  await db.insert(appState).values(SIGNING_PURPOSES.map(newKey)).onConflictDoNothing();
}

// The key lives in the database, so every instance signs and checks alike. One missing (a
// database the start did not prepare: a script, a test) is made by whoever needs it first.
async function signingKey(db: Db, purpose: SigningPurpose): Promise<Buffer> {
  const read = async () => (await db.select().from(appState).where(eq(appState.key, purpose)))[0];
  let row = await read();
  if (!row) {
    await db.insert(appState).values(newKey(purpose)).onConflictDoNothing();
    row = await read();
  }
  return Buffer.from(String(row?.value), "base64");
}

const hmac = (key: Buffer, data: string) => createHmac("sha256", key).update(data).digest("base64url");

/** An HMAC-SHA256 of `data`, base64url, with the purpose's key. */
export async function sign(db: Db, purpose: SigningPurpose, data: string): Promise<string> {
  return hmac(await signingKey(db, purpose), data);
}

/** Whether `signature` is `data`'s under the purpose's key. */
export async function isSignedBy(db: Db, purpose: SigningPurpose, data: string, signature: string): Promise<boolean> {
  const expected = Buffer.from(hmac(await signingKey(db, purpose), data));
  const given = Buffer.from(signature);
  // Constant time, so a forged signature cannot be found byte by byte.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
