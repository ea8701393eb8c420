import { and, count, eq, gt, inArray, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { clientNetwork } from "@/lib/client-network";
import type { RateLimit } from "@/lib/rate-limit.server";
import type { Settings } from "@/lib/settings.server";
import { mailboxOf } from "../../../db/schema/newsletter.ts";
import { confirmationLetter, listOf } from "./letters.server";
import type { Mailer } from "./mailer.server";
import type { SubscriberStatus } from "../../../db/content-statuses.ts";
import type { NewsletterSignup } from "./schema";
import { confirmPageUrl, linkToken, oneClickUnsubscribeUrl, unsubscribePageUrl } from "./subscriber-links.server";

const { newsletterSubscribers: subscribers } = tables;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** How long an address waits for its owner to confirm it before it is forgotten. */
export const UNCONFIRMED_DAYS = 7;

/**
 * The signup's throttle, per client network (an IPv4 /24, an IPv6 /56, `client-network.ts`),
 * so one line cannot fill the table with made-up addresses by taking its next address. What
 * protects an inbox is not a throttle but the bound on confirmations per mailbox, which
 * answers nothing different.
 */
export const SIGNUP_LIMITS = {
  perNetwork: { limit: 20, windowMs: HOUR },
} as const satisfies Record<string, RateLimit>;

/** Rate-limit keys for a signup attempt. */
export const signupKeys = {
  network: (clientAddress: string) => `newsletter:network:${clientNetwork(clientAddress)}`,
};

// Deciding that a mailbox may have a confirmation, and taking a slot of the hourly budget,
// each read then write: under one lock, so neither concurrent signups of one mailbox's
// spellings nor two instances' senders can both pass.
const CONFIRMATIONS_LOCK = 7_062_003;

/** Run `work` in a transaction that holds the confirmations' lock. */
export function underConfirmationsLock<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONFIRMATIONS_LOCK})`);
    return work(tx);
  });
}

/**
 * Whether a mailbox may be asked to confirm now: none of its spellings is reading or has
 * bounced, none has a confirmation waiting, and none was sent one within a day.
 */
async function mayAsk(tx: Db, mailbox: string | SQL, now: Date): Promise<boolean> {
  const [found] = await tx
    .select({ n: count() })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.mailbox, mailbox),
        or(
          inArray(subscribers.status, ["active", "bounced"]),
          isNotNull(subscribers.confirmationWantedAt),
          gt(subscribers.confirmationSentAt, new Date(now.getTime() - DAY)),
        ),
      ),
    );
  return found?.n === 0;
}

/**
 * Take a signup (the address normalised by `newsletterSignupSchema`): a new address, or one
 * that left or never confirmed, waits for its owner to confirm it, and a confirmation is
 * queued for it if its mailbox may have one (`mayAsk`: at most one a day, by any spelling).
 * Returns the subscriber owed a confirmation, or null when nothing changed. The visitor is
 * told none of this: every signup is answered alike, before this runs, from the queue.
 */
export function subscribe(db: Db, email: NewsletterSignup["email"], now = new Date()): Promise<number | null> {
  return underConfirmationsLock(db, async (tx) => {
    if (!(await mayAsk(tx, mailboxOf(email), now))) return null;
    // The mailbox being free, a row already there is pending or unsubscribed, with nothing owed.
    const [row] = await tx
      .insert(subscribers)
      .values({ email, status: "pending", confirmationWantedAt: now })
      .onConflictDoUpdate({ target: subscribers.email, set: { status: "pending", confirmationWantedAt: now } })
      .returning({ id: subscribers.id });
    return row?.id ?? null;
  });
}

/** Send a pending reader the message that asks them to confirm; nothing for anyone else. */
export async function sendConfirmation(
  db: Db,
  mailer: Mailer,
  settings: Pick<Settings, "siteUrl" | "siteName">,
  id: number,
): Promise<void> {
  const [row] = await db
    .select({ email: subscribers.email })
    .from(subscribers)
    .where(and(eq(subscribers.id, id), eq(subscribers.status, "pending")));
  if (!row) return;
  const { siteUrl, siteName } = settings;
  const [confirm, leave] = [await linkToken(db, "confirm", id), await linkToken(db, "unsubscribe", id)];
  const letter = await confirmationLetter({
    siteName,
    confirmUrl: confirmPageUrl(siteUrl, confirm),
    unsubscribeUrl: unsubscribePageUrl(siteUrl, leave),
  });
  await mailer.send({
    ...letter,
    to: row.email,
    list: listOf(siteUrl, siteName, oneClickUnsubscribeUrl(siteUrl, leave)),
  });
}

/** What a link did: "done", or "already" so, or "unknown" (an address forgotten since). */
export type LinkOutcome = "done" | "already" | "unknown";

/** Move a reader from one of `from` to where `to` says; what came of it. */
async function moved(
  db: Db,
  id: number,
  from: SubscriberStatus[],
  to: Partial<typeof subscribers.$inferInsert>,
): Promise<LinkOutcome> {
  const [row] = await db
    .update(subscribers)
    .set(to)
    .where(and(eq(subscribers.id, id), inArray(subscribers.status, from)))
    .returning({ id: subscribers.id });
  if (row) return "done";
  const [exists] = await db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.id, id));
  return exists ? "already" : "unknown";
}

/** Whether the reader `id` has left the list (a page asks nobody to leave twice). */
export async function hasLeft(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ status: subscribers.status }).from(subscribers).where(eq(subscribers.id, id));
  return row?.status === "unsubscribed";
}

/** A reader confirms their address (the POST of the confirmation page): consent, with its time. */
export const confirmSubscriber = (db: Db, id: number): Promise<LinkOutcome> =>
  moved(db, id, ["pending"], { status: "active", confirmedAt: new Date(), confirmationWantedAt: null });

/** A reader leaves, from a message's link or their mail program's button; kept, so no send reaches them again. */
export const unsubscribeSubscriber = (db: Db, id: number): Promise<LinkOutcome> =>
  moved(db, id, ["pending", "active"], {
    status: "unsubscribed",
    unsubscribedAt: new Date(),
    confirmationWantedAt: null,
  });

/**
 * The way back in, from the page a reader lands on after leaving. The token is in every
 * message they were ever sent, forwarded ones too, so it proves nothing about who presses:
 * they wait to confirm again, and a confirmation goes to their address under the same
 * bounds as a signup's. Never straight back to reading.
 */
export const resubscribe = (db: Db, id: number, now = new Date()): Promise<LinkOutcome> =>
  underConfirmationsLock(db, async (tx) => {
    const [row] = await tx.select({ mailbox: subscribers.mailbox }).from(subscribers).where(eq(subscribers.id, id));
    const asked = row !== undefined && (await mayAsk(tx, row.mailbox, now));
    return moved(tx, id, ["unsubscribed"], {
      status: "pending",
      unsubscribedAt: null,
      confirmationWantedAt: asked ? now : null,
    });
  });

/**
 * Forget addresses never confirmed within `UNCONFIRMED_DAYS` of the last asking: a reader who
 * left long ago and signs up again has a week from that signup, not from their first (nor
 * from when a busy hour let their confirmation go).
 */
export async function purgeUnconfirmed(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_DAYS * 24 * HOUR);
  const gone = await db
    .delete(subscribers)
    .where(
      and(
        eq(subscribers.status, "pending"),
        lt(
          sql`greatest(${subscribers.createdAt}, ${subscribers.confirmationSentAt}, ${subscribers.confirmationWantedAt})`,
          before,
        ),
      ),
    )
    .returning({ id: subscribers.id });
  return gone.length;
}
