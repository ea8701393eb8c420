import { and, eq, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { throttle, type RateLimit } from "@/lib/rate-limit.server";
import type { Settings } from "@/lib/settings.server";
import { confirmationLetter, listOf } from "./letters.server";
import type { Mailer } from "./mailer.server";
import type { SubscriberStatus } from "../../../db/content-statuses.ts";
import type { NewsletterSignup } from "./schema";
import { confirmPageUrl, linkToken, oneClickUnsubscribeUrl, unsubscribePageUrl } from "./subscriber-links.server";

const { newsletterSubscribers: subscribers } = tables;
const HOUR = 60 * 60_000;

/** How long an address waits for its owner to confirm it before it is forgotten. */
export const UNCONFIRMED_DAYS = 7;

/** The job that sends a new reader their confirmation (src/server/jobs.ts). */
export const CONFIRMATION_JOB = "newsletter-confirmation";

/**
 * Signup throttles. Per client, so one machine cannot fill the table with made-up
 * addresses; per address, so nobody can use the form to pester one inbox's owner.
 */
export const SIGNUP_LIMITS = {
  perClient: { limit: 20, windowMs: HOUR },
  perAddress: { limit: 5, windowMs: HOUR },
} as const satisfies Record<string, RateLimit>;

/** Rate-limit keys for a signup attempt. */
export const signupKeys = {
  client: (clientAddress: string) => `newsletter:client:${clientAddress}`,
  address: (email: string) => `newsletter:email:${email}`,
};

/**
 * Subscribe an address (already normalised by `newsletterSignupSchema`): a new one, or one
 * that left, waits for its owner to confirm it. Returns the subscriber to send a
 * confirmation to now, or null: never more than one an hour to an address, and none to one
 * already reading or refused by its server. Every outcome answers the visitor alike, so
 * the form cannot tell anyone who is on the list; only pestering one address is refused
 * (`rate_limited`).
 */
export async function subscribe(db: Db, email: NewsletterSignup["email"]): Promise<number | null> {
  await throttle(db, signupKeys.address(email), SIGNUP_LIMITS.perAddress);
  const [row] = await db
    .insert(subscribers)
    .values({ email, status: "pending", confirmationSentAt: sql`now()` })
    .onConflictDoUpdate({
      target: subscribers.email,
      set: { status: "pending", confirmationSentAt: sql`now()` },
      setWhere: sql`${subscribers.status} in ('pending', 'unsubscribed') and (${subscribers.confirmationSentAt} is null or ${subscribers.confirmationSentAt} < now() - interval '1 hour')`,
    })
    .returning({ id: subscribers.id });
  return row?.id ?? null;
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
  also?: SQL,
): Promise<LinkOutcome> {
  const [row] = await db
    .update(subscribers)
    .set(to)
    .where(and(eq(subscribers.id, id), inArray(subscribers.status, from), also))
    .returning({ id: subscribers.id });
  if (row) return "done";
  const [exists] = await db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.id, id));
  return exists ? "already" : "unknown";
}

/** A reader confirms their address (the POST of the confirmation page): consent, with its time. */
export const confirmSubscriber = (db: Db, id: number): Promise<LinkOutcome> =>
  moved(db, id, ["pending"], { status: "active", confirmedAt: new Date() });

/** A reader leaves, from a message's link or their mail program's button; kept, so no send reaches them again. */
export const unsubscribeSubscriber = (db: Db, id: number): Promise<LinkOutcome> =>
  moved(db, id, ["pending", "active"], { status: "unsubscribed", unsubscribedAt: new Date() });

/** The way back in, for a reader who left by mistake: reading again, on the consent they gave before. */
export const resubscribe = (db: Db, id: number): Promise<LinkOutcome> =>
  moved(db, id, ["unsubscribed"], { status: "active", unsubscribedAt: null }, isNotNull(subscribers.confirmedAt));

/**
 * Forget addresses never confirmed within `UNCONFIRMED_DAYS` of the last asking: a reader who
 * left long ago and signs up again has a week from that signup, not from their first.
 */
export async function purgeUnconfirmed(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_DAYS * 24 * HOUR);
  const gone = await db
    .delete(subscribers)
    .where(
      and(
        eq(subscribers.status, "pending"),
        lt(sql`coalesce(${subscribers.confirmationSentAt}, ${subscribers.createdAt})`, before),
      ),
    )
    .returning({ id: subscribers.id });
  return gone.length;
}
