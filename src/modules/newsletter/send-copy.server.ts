import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { settle, type Claimed } from "./delivery-ledger.server";
import type { IssueItem } from "./issue-contents.server";
import { issueLetter, listOf } from "./letters.server";
import { refusalOf, type Refusal } from "./mail-refusal.server";
import type { Mailer } from "./mailer.server";
import { linkToken, oneClickUnsubscribeUrl, unsubscribePageUrl } from "./subscriber-links.server";

const { newsletterSubscribers: subscribers } = tables;

const MINUTE = 60_000;
/** A copy refused for now is tried again for this long after its first try, then given up on. */
export const RETRY_FOR_MS = 48 * 60 * MINUTE;
const FIRST_RETRY_MS = MINUTE;
const LONGEST_RETRY_MS = 4 * 60 * MINUTE;

/** The wait before the `attempts`-th try again: a minute, doubling, at most four hours. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);

/** What sending a copy needs: the ledger's database, the mail server, and the site the letter comes from. */
export interface CopySender {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
  siteName: string;
}

/** What every copy of an issue says. */
export interface IssueText {
  subject: string;
  items: IssueItem[];
}

/** Send one copy and record the outcome. */
export async function sendCopy(
  sender: CopySender,
  text: IssueText,
  row: Claimed,
  now: Date,
): Promise<Refusal | "sent"> {
  const { db, mailer, siteUrl, siteName } = sender;
  const [reader] = await db
    .select({ status: subscribers.status })
    .from(subscribers)
    .where(eq(subscribers.id, row.subscriberId));
  if (reader?.status !== "active") {
    await settle(db, row, now, { status: "failed", response: "Not sent: the reader left the list before it went" });
    return "failed";
  }
  const leave = await linkToken(db, "unsubscribe", row.subscriberId);
  const letter = await issueLetter({
    siteName,
    siteUrl,
    ...text,
    unsubscribeUrl: unsubscribePageUrl(siteUrl, leave),
  });
  try {
    const delivery = await mailer.send({
      ...letter,
      to: row.email,
      list: listOf(siteUrl, siteName, oneClickUnsubscribeUrl(siteUrl, leave)),
    });
    await settle(db, row, now, {
      status: "sent",
      response: delivery.response.slice(0, 500),
      sentAt: now,
      nextAttemptAt: null,
    });
    return "sent";
  } catch (error) {
    const { kind, response } = refusalOf(error);
    if (kind === "bounced") {
      await db.transaction(async (tx) => {
        await settle(tx, row, now, { status: "bounced", response, nextAttemptAt: null });
        await tx.update(subscribers).set({ status: "bounced" }).where(eq(subscribers.id, row.subscriberId));
      });
    } else if (kind === "unknown") {
      // Never sent again by itself: only the owner's "Send to those who did not get it".
      await settle(db, row, now, { status: "unknown", response, nextAttemptAt: null });
    } else if (kind === "failed" || now.getTime() - (row.firstAttemptAt ?? now).getTime() >= RETRY_FOR_MS) {
      await settle(db, row, now, { status: "failed", response, nextAttemptAt: null });
    } else {
      const next = new Date(now.getTime() + retryDelayMs(row.attempts + 1));
      await settle(db, row, now, { status: "retrying", response, nextAttemptAt: next });
    }
    return kind;
  }
}
