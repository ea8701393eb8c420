import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { notFound } from "@/lib/errors";
import { pageWithTotal, withTotal } from "@/lib/paged-query.server";
import { offsetOf, type Page, type PageRequest } from "@/lib/paging";
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from "../../../db/content-statuses.ts";
import type { SubscriberCounts, SubscriberJson } from "./newsletter-json";

const { newsletterSubscribers: subscribers } = tables;

/** Which readers a list or an export holds. */
export interface SubscriberFilter {
  status?: SubscriberStatus;
  search: string;
}

const columns = {
  id: subscribers.id,
  email: subscribers.email,
  status: subscribers.status,
  createdAt: subscribers.createdAt,
  confirmedAt: subscribers.confirmedAt,
};

type SubscriberRow = { [K in keyof typeof columns]: (typeof subscribers.$inferSelect)[K] };

const serialize = (row: SubscriberRow): SubscriberJson => ({
  id: row.id,
  email: row.email,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
});

function whereOf({ status, search }: SubscriberFilter): SQL | undefined {
  // A part of an address, as typed: % and _ are matched as themselves.
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
  return and(
    status ? eq(subscribers.status, status) : undefined,
    search ? ilike(subscribers.email, pattern) : undefined,
  );
}

/** One page of readers, newest first. */
export async function listSubscribers(
  db: Db,
  filter: SubscriberFilter,
  page: PageRequest,
): Promise<Page<SubscriberJson>> {
  const where = whereOf(filter);
  const rows = await db
    .select(withTotal(columns))
    .from(subscribers)
    .where(where)
    .orderBy(desc(subscribers.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const found = await pageWithTotal(rows, () => db.select({ n: count() }).from(subscribers).where(where));
  return { total: found.total, items: found.items.map(serialize) };
}

const csvCell = (value: string) =>
  // A cell a spreadsheet would read as a formula is written as text (OWASP's CSV injection advice).
  `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replaceAll('"', '""')}"`;

/** Every reader the filter holds, as CSV with a header row: the owner's export. */
export async function subscribersCsv(db: Db, filter: SubscriberFilter): Promise<string> {
  const rows = await db.select(columns).from(subscribers).where(whereOf(filter)).orderBy(desc(subscribers.id));
  const lines = rows
    .map(serialize)
    .map((s) => [String(s.id), s.email, s.status, s.createdAt, s.confirmedAt ?? ""].map(csvCell).join(","));
  return [["id", "email", "status", "createdAt", "confirmedAt"].join(","), ...lines].join("\r\n") + "\r\n";
}

/** How many readers stand in each status, and in all. */
export async function subscriberCounts(db: Db): Promise<SubscriberCounts> {
  const rows = await db
    .select({ status: subscribers.status, n: count() })
    .from(subscribers)
    .groupBy(subscribers.status);
  const counts = Object.fromEntries([...SUBSCRIBER_STATUSES, "all"].map((s) => [s, 0])) as SubscriberCounts;
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  return counts;
}

/** Remove a reader and everything the site knew of them, their ledger rows included. */
export async function deleteSubscriber(db: Db, id: number): Promise<void> {
  const gone = await db.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id });
  if (gone.length === 0) throw notFound("Subscriber");
}
