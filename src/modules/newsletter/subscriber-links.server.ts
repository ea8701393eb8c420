import type { Db } from "@/lib/db.server";
import { isSignedBy, sign } from "@/lib/signing.server";

/** What a link in a message does for its reader. */
export type LinkPurpose = "confirm" | "unsubscribe";

// "<id>.<HMAC of purpose and id>": nothing stored, nothing to guess, and a link made for
// one purpose never passes for the other.
const TOKEN = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/;

/** The token of a reader's link for one purpose. */
export async function linkToken(db: Db, purpose: LinkPurpose, subscriberId: number): Promise<string> {
  return `${String(subscriberId)}.${await sign(db, "newsletterLinkKey", `${purpose}:${String(subscriberId)}`)}`;
}

// What a mail program may take into a link from the text after it: a token never ends so.
const TRAILING_PUNCTUATION = /[.,;:!?'")\]>]+$/;

/** The subscriber a token was made for, for that purpose; null for anything else. */
export async function subscriberOfToken(db: Db, purpose: LinkPurpose, token: string): Promise<number | null> {
  const match = TOKEN.exec(token.replace(TRAILING_PUNCTUATION, ""));
  if (!match) return null;
  const [, id = "", signature = ""] = match;
  return (await isSignedBy(db, "newsletterLinkKey", `${purpose}:${id}`, signature)) ? Number(id) : null;
}

/** The page where a reader confirms their address (a button; only its POST confirms). */
export const confirmPageUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;

/** The page where a reader leaves, with a button, and a way back in. */
export const unsubscribePageUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** The List-Unsubscribe address: a POST there unsubscribes at once (RFC 8058); a GET leads to the page. */
export const oneClickUnsubscribeUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
