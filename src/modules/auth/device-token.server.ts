// OWASP, "Slow Down Online Guessing Attacks with Device Cookies": a browser that signed in
// as a name gets a token signed for that name, and is judged apart from everyone else.
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db.server";
import { isSignedBy, sign } from "@/lib/signing.server";

/** How long a browser stays known after its last sign-in (each sign-in issues a new token). */
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;

// "<nonce>.<signature>": 144 random bits, then the HMAC-SHA256 of nonce and name, base64url.
const DEVICE_TOKEN = /^([\w-]{24})\.([\w-]{43})$/;

// The nonce has a fixed length, so no name can make two different pairs sign alike.
const signed = (nonce: string, username: string) => `${nonce}${username}`;

/** A token for a browser that has just signed in as `username`. */
export async function issueDeviceToken(db: Db, username: string): Promise<string> {
  const nonce = randomBytes(18).toString("base64url");
  return `${nonce}.${await sign(db, "deviceCookieKey", signed(nonce, username))}`;
}

/** The device (its nonce) a token names, if this site issued it for `username`; null for anything else. */
export async function deviceOf(db: Db, username: string, token: string | undefined): Promise<string | null> {
  const match = DEVICE_TOKEN.exec(token ?? "");
  if (!match) return null;
  const [, nonce = "", signature = ""] = match;
  return (await isSignedBy(db, "deviceCookieKey", signed(nonce, username), signature)) ? nonce : null;
}
