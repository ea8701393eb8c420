import { count, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db.server";
import type { ContentStatus, Publication, StatusFilter } from "./publication";

/** A table whose rows are published or not: posts and videos. */
export interface PublishableTable {
  status: AnyPgColumn;
  publishedAt: AnyPgColumn;
}

/**
 * The one rule of what the public may read: published, and not dated in the future. Every
 * public read of posts and videos (pages, API, search, feeds, sitemap, index) has it in
 * its `where`. The status is written into the SQL, not bound, so the planner sees it.
 */
export function isPublic(table: PublishableTable): SQL {
  return sql`(${table.status} = 'published' and ${table.publishedAt} <= now())`;
}

export type { StatusFilter };

/** The rows of `status`: the public rule for published, so an admin sees what visitors see. */
export function withStatus(table: PublishableTable, status: StatusFilter): SQL | undefined {
  if (status === "all") return undefined;
  if (status === "published") return isPublic(table);
  return sql`${table.status} = ${status}`;
}

/** How many items a table holds in each status, and in all: the admin's filter shows them. */
export async function statusCounts(db: Db, table: PublishableTable & PgTable): Promise<Record<StatusFilter, number>> {
  const rows = await db
    .select({ status: sql<ContentStatus>`${table.status}`, n: count() })
    .from(table)
    .groupBy(table.status);
  const counts: Record<StatusFilter, number> = { all: 0, draft: 0, scheduled: 0, published: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  return counts;
}

/** Where an item stands, read and locked for the write that changes it (none when there is no such item). */
export async function lockedPublication(
  db: Db,
  table: PublishableTable & PgTable & { id: AnyPgColumn; lateSeconds: AnyPgColumn },
  id: number,
): Promise<Publication | undefined> {
  const [row] = await db
    .select({ status: table.status, publishedAt: table.publishedAt, lateSeconds: table.lateSeconds })
    .from(table)
    .where(sql`${table.id} = ${id}`)
    .for("update");
  return row as Publication | undefined;
}
