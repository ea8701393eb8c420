import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./db.server";
import { tables } from "./db.server";

const { appState } = tables;

/** What a key signs; each purpose has its own key, so one signature never passes for another's. */
export type SigningPurpose = "uploadSigningKey" | "deviceCookieKey" | "newsletterLinkKey";

// The key lives in the database (made by whichever instance needs it first), so every
// instance signs and checks alike.
async function signingKey(db: Db, purpose: SigningPurpose): Promise<Buffer> {
  await db
    .insert(appState)
    .values({ key: purpose, value: randomBytes(32).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appState).where(eq(appState.key, purpose));
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
