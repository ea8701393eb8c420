import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { issueItems, issueTag, withRef, type IssueItem } from "./issue-contents.server";
import { keepLease, LEASE_MS, releaseLease, renewLease, type Every } from "./issue-lease.server";
import { issueLetter, listOf } from "./letters.server";
import { refusalOf, type Refusal } from "./mail-refusal.server";
import type { Mailer } from "./mailer.server";
import { linkToken, oneClickUnsubscribeUrl, unsubscribePageUrl } from "./subscriber-links.server";

const { newsletterIssues: issues, newsletterDeliveries: deliveries, newsletterSubscribers: subscribers } = tables;

const MINUTE = 60_000;
/** A copy refused for now is tried again for this long after its first try, then given up on. */
export const RETRY_FOR_MS = 48 * 60 * MINUTE;
const FIRST_RETRY_MS = MINUTE;
const LONGEST_RETRY_MS = 4 * 60 * MINUTE;
/** Failures to reach the mail server in a row that pause an issue until the owner resumes it. */
export const PAUSE_AFTER_FAILURES = 5;
/** One run sends for at most this long, then leaves the rest to the next, well inside the job's timeout. */
const RUN_MS = 4 * MINUTE;

/** The wait before the `attempts`-th try again: a minute, doubling, at most four hours. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);

export interface SendContext {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
  siteName: string;
  /** The clock; a test moves it on. */
  now?: () => Date;
  /** The heartbeat's timer; a test beats it as it moves `now` on. */
  every?: Every;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Take the issue for this sender, if it is due and no live sender holds it. A scheduled
 * issue's readers are fixed here, once: those confirmed by now, a ledger row each.
 */
async function takeIssue(db: Db, issueId: number, owner: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(issues)
      .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        and(
          eq(issues.id, issueId),
          or(eq(issues.status, "sending"), and(eq(issues.status, "scheduled"), lte(issues.sendAt, now))),
          or(isNull(issues.leaseUntil), lte(issues.leaseUntil, now)),
        ),
      )
      .returning({ status: issues.status });
    if (!taken) return false;
    if (taken.status === "scheduled") {
      await tx.execute(sql`
        insert into ${deliveries} (issue_id, subscriber_id, email)
        select ${issueId}, ${subscribers.id}, ${subscribers.email} from ${subscribers}
        where ${subscribers.status} = 'active' and ${subscribers.confirmedAt} <= ${at(now)}
        order by ${subscribers.id}
        on conflict do nothing`);
      await tx.update(issues).set({ status: "sending", startedAt: now }).where(eq(issues.id, issueId));
    }
    // Rows claimed by a sender that died: their message may or may not have left. Tried
    // again, so nobody misses it; at most that one message can arrive twice.
    await tx
      .update(deliveries)
      .set({ claimedAt: null })
      .where(and(eq(deliveries.issueId, issueId), sql`${deliveries.claimedAt} is not null`));
    return true;
  });
}

/** Claim the next copy due, so a sender that dies leaves only this one in doubt. */
async function claimNext(db: Db, issueId: number, now: Date) {
  const [row] = await db
    .update(deliveries)
    .set({ claimedAt: now })
    .where(
      eq(
        deliveries.id,
        sql`(select ${deliveries.id} from ${deliveries}
             where ${deliveries.issueId} = ${issueId} and ${deliveries.status} in ('pending', 'retrying')
               and ${deliveries.claimedAt} is null
               and (${deliveries.nextAttemptAt} is null or ${deliveries.nextAttemptAt} <= ${at(now)})
             order by ${deliveries.id} limit 1)`,
      ),
    )
    .returning();
  return row;
}

type Claimed = NonNullable<Awaited<ReturnType<typeof claimNext>>>;

/** Record what became of a claimed copy, and let go of it. */
const settle = (db: Db, row: Claimed, now: Date, set: Partial<typeof deliveries.$inferInsert>) =>
  db
    .update(deliveries)
    .set({
      attempts: row.attempts + 1,
      firstAttemptAt: row.firstAttemptAt ?? now,
      claimedAt: null,
      updatedAt: now,
      ...set,
    })
    .where(eq(deliveries.id, row.id));

/** What every copy of an issue says. */
interface IssueText {
  subject: string;
  items: IssueItem[];
}

/** Send one copy and record the outcome. */
async function sendOne(context: SendContext, text: IssueText, row: Claimed, now: Date): Promise<Refusal | "sent"> {
  const { db, mailer, siteUrl, siteName } = context;
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

/** What one run did for an issue. */
export interface SendRun {
  /** Copies the mail server accepted in this run. */
  sent: number;
  /** Where the issue stands after it. */
  status: string;
}

/**
 * Send what is due of one issue: its scheduled start, the copies not yet sent and the
 * retries whose time has come, one copy at a time, each claimed in the ledger before it
 * goes and settled after. Null when the issue is not due or another sender holds it.
 */
export async function sendIssue(context: SendContext, issueId: number): Promise<SendRun | null> {
  const { db } = context;
  const clock = context.now ?? (() => new Date());
  const owner = crypto.randomUUID();
  const started = clock();
  if (!(await takeIssue(db, issueId, owner, started))) return null;
  // Renewed while a message waits on its server too, so no other instance takes it over.
  const stopHeartbeat = keepLease(db, issueId, owner, clock, context.every);
  let sent = 0;
  try {
    const [issue] = await db.select().from(issues).where(eq(issues.id, issueId));
    if (!issue) return null;
    // Read once a run: what the public may read decides, so an item taken back since the
    // issue was written is in no copy sent after.
    // Each link carries the issue's `ref` tag: the owner's analytics count the issue's
    // clicks by it, with no redirect through a tracker and nothing about the reader.
    const tag = issueTag(issue.id);
    const items = (await issueItems(db, context.siteUrl, issue)).map((item) => ({
      ...item,
      url: withRef(item.url, tag),
    }));
    const text = { subject: issue.subject, items };
    if (text.items.length === 0) {
      await pause(db, issueId, "None of its posts or videos is published any more");
      return { sent, status: "paused" };
    }
    for (;;) {
      const now = clock();
      if (now.getTime() - started.getTime() > RUN_MS) break;
      if (!(await renewLease(db, issueId, owner, now))) break;
      const row = await claimNext(db, issueId, now);
      if (!row) break;
      const outcome = await sendOne(context, text, row, now);
      if (outcome === "sent") sent += 1;
      // A server that takes messages and never answers is failing too: counted the same,
      // it pauses the issue rather than leave every reader's copy in doubt.
      if (outcome !== "unreachable" && outcome !== "unknown") {
        // A write only after failures: most messages go out with none behind them.
        await db
          .update(issues)
          .set({ connectionFailures: 0 })
          .where(and(eq(issues.id, issueId), sql`${issues.connectionFailures} > 0`));
        continue;
      }
      const [failing] = await db
        .update(issues)
        .set({ connectionFailures: sql`${issues.connectionFailures} + 1` })
        .where(eq(issues.id, issueId))
        .returning({ failures: issues.connectionFailures });
      if ((failing?.failures ?? 0) >= PAUSE_AFTER_FAILURES) {
        const [last] = await db
          .select({ response: deliveries.response })
          .from(deliveries)
          .where(eq(deliveries.id, row.id));
        await pause(db, issueId, last?.response ?? "The mail server could not be reached");
        break;
      }
    }
    await finishIfDone(db, issueId, clock());
  } finally {
    await stopHeartbeat();
    await releaseLease(db, issueId, owner);
  }
  const [after] = await db.select({ status: issues.status }).from(issues).where(eq(issues.id, issueId));
  return { sent, status: after?.status ?? "gone" };
}

/** Stop sending an issue until the owner resumes it, saying why. */
const pause = (db: Db, issueId: number, reason: string) =>
  db.update(issues).set({ status: "paused", pausedReason: reason }).where(eq(issues.id, issueId));

/** An issue with no copy left to send or retry has been sent. */
async function finishIfDone(db: Db, issueId: number, now: Date): Promise<void> {
  await db
    .update(issues)
    .set({ status: "sent", finishedAt: now })
    .where(
      and(
        eq(issues.id, issueId),
        eq(issues.status, "sending"),
        sql`not exists (select 1 from ${deliveries} where ${deliveries.issueId} = ${issueId} and ${deliveries.status} in ('pending', 'retrying'))`,
      ),
    );
}

/**
 * The minute's sweep, and the run sent for an issue's own time: every issue due to start or
 * still going that no live sender holds. Nothing about sending lives only in a process, so
 * a restart, a crash or a lost job delays a send by at most the sweep's minute.
 */
export async function sendDue(context: SendContext): Promise<number> {
  const now = (context.now ?? (() => new Date()))();
  const due = await context.db
    .select({ id: issues.id })
    .from(issues)
    .where(
      and(
        or(eq(issues.status, "sending"), and(eq(issues.status, "scheduled"), lte(issues.sendAt, now))),
        or(isNull(issues.leaseUntil), lte(issues.leaseUntil, now)),
      ),
    )
    .orderBy(asc(issues.id));
  let sent = 0;
  for (const { id } of due) sent += (await sendIssue(context, id))?.sent ?? 0;
  return sent;
}
