import { getTableName, sql, type AnyColumn } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db.server";
import { newSlug, slugify } from "@/lib/slug";

/** Where the slugs of one kind of item live, and the slug of a title with no letters left. */
export interface SlugSource {
  table: PgTable;
  column: AnyColumn;
  fallback: string;
}

/**
 * The slug a new item titled `title` would get now: the title's (SPEC §5), made unique with
 * -1, -2, … against the slugs there are. What a form shows while one writes.
 */
export async function freeSlug(db: Db, { column, table, fallback }: SlugSource, title: string): Promise<string> {
  const base = slugify(title) || fallback;
  const taken = await db
    .select({ slug: sql<string>`${column}` })
    .from(table)
    .where(sql`${column} = ${base} or ${column} ~ ${`^${base}-[0-9]+$`}`);
  return newSlug(title, fallback, new Set(taken.map((row) => row.slug)));
}

/**
 * A free slug for a new item, to save it with. Call it inside the insert's transaction: it
 * takes a lock per table, so two creates, even on two instances, can never choose the same
 * slug.
 */
export async function allocateSlug(db: Db, source: SlugSource, title: string): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`slug:${getTableName(source.table)}`}))`);
  return freeSlug(db, source, title);
}
