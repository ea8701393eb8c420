import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { LEASE_MS } from "./issue-lease.server";

const { newsletterIssues: issues, newsletterDeliveries: deliveries, newsletterSubscribers: subscribers } = tables;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Take the issue for this sender, if it is due and no live sender holds it. A scheduled
 * issue's readers are fixed here, once: those confirmed by now, a ledger row each.
 */
export async function takeIssue(db: Db, issueId: number, owner: string, now: Date): Promise<boolean> {
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
export async function claimNext(db: Db, issueId: number, now: Date) {
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

/** A copy's ledger row, claimed by this sender. */
export type Claimed = NonNullable<Awaited<ReturnType<typeof claimNext>>>;

/** Record what became of a claimed copy, and let go of it. */
export const settle = (db: Db, row: Claimed, now: Date, set: Partial<typeof deliveries.$inferInsert>) =>
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

/** An issue with no copy left to send or retry has been sent. */
export async function finishIfDone(db: Db, issueId: number, now: Date): Promise<void> {
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
