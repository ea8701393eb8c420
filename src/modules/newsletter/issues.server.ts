import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { conflict, invalid, notFound } from "@/lib/errors";
import { offsetOf, type PageRequest } from "@/lib/paging";
import type { IssueStatus } from "../../../db/content-statuses.ts";
import { issueItems, newSinceLastIssue, type IssueItem, type IssueItemIds } from "./issue-contents.server";
import { monthFull, OVER_LIMIT } from "./monthly-promise.server";
import type { IssueInput } from "./issue-schema";
import type { DeliveryCounts, IssueJson, IssueLedgerJson } from "./newsletter-json";

const { newsletterIssues: issues, newsletterDeliveries: deliveries } = tables;

export type IssueRow = typeof issues.$inferSelect;

async function issueRow(db: Db, id: number): Promise<IssueRow> {
  const [row] = await db.select().from(issues).where(eq(issues.id, id));
  if (!row) throw notFound("Issue");
  return row;
}

/** A digest's subject: the site and the month. */
export const digestSubject = (siteName: string, now: Date): string =>
  `${siteName}: what was noticed in ${now.toLocaleString("en", { month: "long", timeZone: "UTC" })}`;

/** The subject an issue gets when the owner gives none: the one item's title, or the month's digest. */
function defaultSubject(siteName: string, items: IssueItem[], now: Date): string {
  const [only] = items;
  return only && items.length === 1 ? only.title : digestSubject(siteName, now);
}

/** Ids asked for that the public cannot read (a draft, a schedule, a deleted item): refused, naming the field. */
function refuseUnpublished(asked: IssueItemIds, items: IssueItem[]): void {
  for (const [field, kind] of [
    ["postIds", "post"],
    ["videoIds", "video"],
  ] as const) {
    const found = new Set(items.filter((item) => item.kind === kind).map((item) => item.id));
    const missing = asked[field].filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw invalid(`Only published items can be emailed; ${kind} ${missing.join(", ")} is not published`, field);
    }
  }
  if (items.length === 0) throw invalid("Choose at least one published post or video", "postIds");
}

/**
 * Write a draft issue: of the posts and videos asked for (each must be public), or, asked
 * for none, the digest of what is new since the last digest (409 when that is nothing).
 */
export async function createIssue(
  db: Db,
  siteUrl: string,
  siteName: string,
  input: IssueInput,
  { digest = false, now = new Date() }: { digest?: boolean; now?: Date } = {},
): Promise<IssueRow> {
  const asked = { postIds: input.postIds ?? [], videoIds: input.videoIds ?? [] };
  const chosen = asked.postIds.length > 0 || asked.videoIds.length > 0;
  const ids = chosen ? asked : await newSinceLastIssue(db, now);
  const items = await issueItems(db, siteUrl, ids);
  if (chosen) refuseUnpublished(asked, items);
  else if (items.length === 0)
    throw conflict("Nothing has been published since the last digest that has not been emailed already");
  const [row] = await db
    .insert(issues)
    .values({
      ...ids,
      digest: digest || !chosen,
      subject: input.subject ?? defaultSubject(siteName, items, now),
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("The issue was not written");
  return row;
}

/** The counts of an issue whose sending has not started. */
export const NO_DELIVERIES: Readonly<DeliveryCounts> = {
  total: 0,
  pending: 0,
  sent: 0,
  retrying: 0,
  bounced: 0,
  failed: 0,
  unknown: 0,
};
const emptyCounts = (): DeliveryCounts => ({ ...NO_DELIVERIES });

async function countsOf(db: Db, ids: number[]): Promise<Map<number, DeliveryCounts>> {
  const counts = new Map<number, DeliveryCounts>();
  if (ids.length === 0) return counts;
  const rows = await db
    .select({ issueId: deliveries.issueId, status: deliveries.status, n: count() })
    .from(deliveries)
    .where(inArray(deliveries.issueId, ids))
    .groupBy(deliveries.issueId, deliveries.status);
  for (const id of ids) counts.set(id, emptyCounts());
  for (const row of rows) {
    const of = counts.get(row.issueId);
    if (!of) continue;
    of[row.status] = row.n;
    of.total += row.n;
  }
  return counts;
}

/** An issue as the admin's calls answer it. */
export function serializeIssue(row: IssueRow, counts: DeliveryCounts): IssueJson {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    digest: row.digest,
    postIds: row.postIds,
    videoIds: row.videoIds,
    overLimit: row.overLimit,
    createdAt: row.createdAt.toISOString(),
    sendAt: row.sendAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    pausedReason: row.pausedReason,
    counts,
  };
}

/** The most issues the list shows: at two a month, years of them. */
const ISSUE_LIST_LIMIT = 100;

/** Every issue, newest first, with its counts. */
export async function listIssues(db: Db): Promise<IssueJson[]> {
  const rows = await db.select().from(issues).orderBy(desc(issues.id)).limit(ISSUE_LIST_LIMIT);
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => serializeIssue(row, counts.get(row.id) ?? emptyCounts()));
}

/** An issue with its counts and one page of its ledger, in the order the copies were sent. */
export async function issueLedger(db: Db, id: number, page: PageRequest): Promise<IssueLedgerJson> {
  const row = await issueRow(db, id);
  const counts = (await countsOf(db, [id])).get(id) ?? emptyCounts();
  const rows = await db
    .select()
    .from(deliveries)
    .where(eq(deliveries.issueId, id))
    .orderBy(asc(deliveries.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  return {
    ...serializeIssue(row, counts),
    deliveries: {
      total: counts.total,
      items: rows.map((d) => ({
        id: d.id,
        subscriberId: d.subscriberId,
        email: d.email,
        status: d.status,
        attempts: d.attempts,
        response: d.response,
        sentAt: d.sentAt?.toISOString() ?? null,
        nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
        updatedAt: d.updatedAt.toISOString(),
      })),
    },
  };
}

/** Move an issue from `from` to what `to` says, or refuse with `refusal` (409) if it is elsewhere. */
async function moveIssue(
  db: Db,
  id: number,
  from: IssueStatus[],
  to: Partial<typeof issues.$inferInsert>,
  refusal: (status: IssueStatus) => string,
): Promise<IssueRow> {
  const [row] = await db
    .update(issues)
    .set(to)
    .where(and(eq(issues.id, id), inArray(issues.status, from)))
    .returning();
  if (row) return row;
  throw conflict(refusal((await issueRow(db, id)).status));
}

const STATUS_WORDS: Record<IssueStatus, string> = {
  draft: "is a draft",
  scheduled: "is about to be sent",
  sending: "is being sent",
  paused: "is paused",
  sent: "has been sent",
};

/**
 * Send a draft issue after the undo window: it leaves at `sendAt`, until then Cancel takes
 * it back. A third issue in `MONTH_DAYS` is refused (409) unless `overLimit` says the owner
 * means it; an issue whose items have all been taken back from the public is refused too.
 */
export async function scheduleSend(
  db: Db,
  siteUrl: string,
  id: number,
  { undoSeconds, overLimit = false, now = new Date() }: { undoSeconds: number; overLimit?: boolean; now?: Date },
): Promise<IssueRow> {
  const issue = await issueRow(db, id);
  if (issue.status !== "draft") throw conflict(`This issue ${STATUS_WORDS[issue.status]}`);
  if ((await issueItems(db, siteUrl, issue)).length === 0) {
    throw conflict("None of this issue's posts or videos is published any more");
  }
  if (!overLimit && (await monthFull(db, now))) throw conflict(OVER_LIMIT);
  return moveIssue(
    db,
    id,
    ["draft"],
    { status: "scheduled", sendAt: new Date(now.getTime() + undoSeconds * 1000), overLimit },
    (status) => `This issue ${STATUS_WORDS[status]}`,
  );
}

/** Take back an issue in its undo window: a draft again, nothing sent. */
export const cancelSend = (db: Db, id: number): Promise<IssueRow> =>
  moveIssue(db, id, ["scheduled"], { status: "draft", sendAt: null, overLimit: false }, (status) =>
    status === "draft" ? "This issue is not being sent" : `Too late to cancel: this issue ${STATUS_WORDS[status]}`,
  );

/** Go on sending an issue paused by its mail server's failures. */
export const resumeIssue = (db: Db, id: number): Promise<IssueRow> =>
  moveIssue(db, id, ["paused"], { status: "sending", pausedReason: null, connectionFailures: 0 }, (status) =>
    status === "paused" ? "" : `Only a paused issue can be resumed; this one ${STATUS_WORDS[status]}`,
  );

/**
 * "Send to those who did not get it": the copies given up on, and those whose server never
 * answered (which may have arrived: the owner's screen says how many), are tried again, from
 * now, and no other. Bounced addresses stay refused; delivered copies are never sent twice.
 */
export async function resendUndelivered(db: Db, id: number): Promise<IssueRow> {
  return db.transaction(async (tx) => {
    const issue = await moveIssue(tx, id, ["sent"], { status: "sending", finishedAt: null }, (status) =>
      status === "draft" || status === "scheduled"
        ? `This issue has not been sent yet`
        : `This issue is still being sent; its copies are being tried`,
    );
    const retried = await tx
      .update(deliveries)
      .set({ status: "pending", attempts: 0, firstAttemptAt: null, nextAttemptAt: null, updatedAt: sql`now()` })
      .where(and(eq(deliveries.issueId, id), inArray(deliveries.status, ["failed", "unknown"])))
      .returning({ id: deliveries.id });
    if (retried.length === 0) throw conflict("Every copy of this issue was delivered or bounced");
    return issue;
  });
}

/** Throw away a draft; one that is going, or gone, stays as the record of what was sent. */
export async function deleteIssue(db: Db, id: number): Promise<void> {
  const [row] = await db
    .delete(issues)
    .where(and(eq(issues.id, id), eq(issues.status, "draft")))
    .returning({ id: issues.id });
  if (row) return;
  throw conflict(`Only a draft can be deleted; this issue ${STATUS_WORDS[(await issueRow(db, id)).status]}`);
}

/** The rendered items of an issue, for its preview and its messages. */
export async function itemsOfIssue(
  db: Db,
  siteUrl: string,
  id: number,
): Promise<{ issue: IssueRow; items: IssueItem[] }> {
  const issue = await issueRow(db, id);
  return { issue, items: await issueItems(db, siteUrl, issue) };
}
