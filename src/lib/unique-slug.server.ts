import { getTableName, sql, type AnyColumn } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db.server";
import { newSlug, slugify } from "@/lib/slug";

/**
 * A free slug for a new item of `table`: the title's (SPEC §5), made unique with -1, -2, …
 * Call it inside the insert's transaction: it takes a lock per table, so two creates, even
 * on two instances, can never choose the same slug.
 */
export async function allocateSlug(
  db: Db,
  table: PgTable,
  column: AnyColumn,
  title: string,
  fallback: string,
): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`slug:${getTableName(table)}`}))`);
  const base = slugify(title) || fallback;
  const taken = await db
    .select({ slug: sql<string>`${column}` })
    .from(table)
    .where(sql`${column} = ${base} or ${column} ~ ${`^${base}-[0-9]+$`}`);
  return newSlug(title, fallback, new Set(taken.map((row) => row.slug)));
}
