import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { refusalOf } from "./mail-refusal.server";
import type { Mailer } from "./mailer.server";
import { sendConfirmation, underConfirmationsLock } from "./newsletter.server";

const { newsletterSubscribers: subscribers } = tables;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * A confirmation taken to be sent and not settled after this long was lost with its sender
 * (the job's timeout is two minutes): it is sent again, the one message that may arrive twice.
 */
export const CLAIM_LAPSE_MS = 10 * MINUTE;
/** One run sends for at most this long, then leaves the rest to the next, well inside the job's timeout. */
const RUN_MS = 90_000;

export interface ConfirmationContext {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
  siteName: string;
  /** Confirmation messages the whole site may send in any hour (`NEWSLETTER_CONFIRMATIONS_PER_HOUR`). */
  perHour: number;
  /** The clock; a test moves it on. */
  now?: () => Date;
}

/** Confirmations owed and not on their way: asked for, and not taken by a sender still in time. */
const waiting = (now: Date) =>
  and(
    eq(subscribers.status, "pending"),
    isNotNull(subscribers.confirmationWantedAt),
    or(
      isNull(subscribers.confirmationSentAt),
      lt(subscribers.confirmationSentAt, subscribers.confirmationWantedAt),
      lte(subscribers.confirmationSentAt, new Date(now.getTime() - CLAIM_LAPSE_MS)),
    ),
  );

/** Confirmations sent, or taken to be sent, in the hour before `now`. */
async function sentWithinHour(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscribers)
    .where(gt(subscribers.confirmationSentAt, new Date(now.getTime() - HOUR)));
  return row?.n ?? 0;
}

/** Take the oldest confirmation waiting, if the hour's budget has room for it. */
function claimNext(db: Db, perHour: number, now: Date): Promise<number | undefined> {
  return underConfirmationsLock(db, async (tx) => {
    if ((await sentWithinHour(tx, now)) >= perHour) return undefined;
    const oldest = tx
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(waiting(now))
      .orderBy(asc(subscribers.confirmationWantedAt), asc(subscribers.id))
      .limit(1);
    const [row] = await tx
      .update(subscribers)
      .set({ confirmationSentAt: now })
      .where(inArray(subscribers.id, oldest))
      .returning({ id: subscribers.id });
    return row?.id;
  });
}

/** What a refusal leaves of a taken confirmation: gone for good, or back in the queue. */
function giveBack(db: Db, id: number, kind: ReturnType<typeof refusalOf>["kind"], now: Date) {
  const set: Partial<typeof subscribers.$inferInsert> =
    kind === "bounced"
      ? { status: "bounced", confirmationWantedAt: null }
      : kind === "failed"
        ? { confirmationWantedAt: null }
        : // Not sent, so not counted: "later" goes to the back of the queue, a relay down keeps its place.
          { confirmationSentAt: null, ...(kind === "later" ? { confirmationWantedAt: now } : {}) };
  return db.update(subscribers).set(set).where(eq(subscribers.id, id));
}

/**
 * Send the confirmations waiting, oldest first, as far as the hourly budget allows: one is
 * taken (counted against the budget) under the lock, sent, then settled. A relay that says
 * "later" ends the run; one that cannot be reached fails it, so the job is tried again.
 * Returns how many went.
 */
export async function sendDueConfirmations(context: ConfirmationContext): Promise<number> {
  const { db, mailer, perHour } = context;
  const now = context.now ?? (() => new Date());
  const started = now().getTime();
  let sent = 0;
  while (now().getTime() - started < RUN_MS) {
    const at = now();
    const id = await claimNext(db, perHour, at);
    if (id === undefined) break;
    try {
      await sendConfirmation(db, mailer, context, id);
    } catch (error) {
      const { kind } = refusalOf(error);
      await giveBack(db, id, kind, at);
      if (kind === "unreachable") throw error;
      if (kind === "later") break;
      continue;
    }
    await db.update(subscribers).set({ confirmationWantedAt: null }).where(eq(subscribers.id, id));
    sent += 1;
  }
  return sent;
}

/**
 * How many confirmations wait because the hour's budget is spent: those owed beyond what the
 * budget still lets go now. The dashboard says so, as the signup form cannot.
 */
export async function heldConfirmations(db: Db, perHour: number, now = new Date()): Promise<number> {
  const [owed] = await db.select({ n: count() }).from(subscribers).where(waiting(now));
  const room = Math.max(0, perHour - (await sentWithinHour(db, now)));
  return Math.max(0, (owed?.n ?? 0) - room);
}
