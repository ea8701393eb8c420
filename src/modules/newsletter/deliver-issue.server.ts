import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { claimNext, finishIfDone, takeIssue } from "./delivery-ledger.server";
import { issueItems, issueTag, withRef } from "./issue-contents.server";
import { keepLease, releaseLease, renewLease, type Every } from "./issue-lease.server";
import { sendCopy, type CopySender } from "./send-copy.server";

const { newsletterIssues: issues, newsletterDeliveries: deliveries } = tables;

/** Failures to reach the mail server in a row that pause an issue until the owner resumes it. */
export const PAUSE_AFTER_FAILURES = 5;
/** One run sends for at most this long, then leaves the rest to the next, well inside the job's timeout. */
const RUN_MS = 4 * 60_000;

export interface SendContext extends CopySender {
  /** The clock; a test moves it on. */
  now?: () => Date;
  /** The heartbeat's timer; a test beats it as it moves `now` on. */
  every?: Every;
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
      const outcome = await sendCopy(context, text, row, now);
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
