import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db.server";
import type { Category } from "@/lib/categories";
import { FIRST_PAGE, offsetOf, type Page, type PageRequest } from "@/lib/paging";
import { rankedSearch } from "@/lib/full-text.server";
import { isPublic, withStatus, type StatusFilter } from "@/modules/editorial/visibility.server";
import { rowsOf, type ItemSource } from "./item-table.server";

/** How one kind of item is read: its table, and what its search ranks by and its home shows. */
export interface ReadItem<Row, Found extends Row> extends ItemSource<Row> {
  /** The small weighted document a search ranks matches by (see `rankedSearch`). */
  rankBy: AnyPgColumn;
  /** What a search's rows carry besides `columns` (`Found`'s other fields), for their snippets. */
  foundColumns?: { [K in Exclude<keyof Found, keyof Row>]-?: AnyPgColumn };
  /** How many "recent" means for this kind: one grid of the home page. */
  recent: number;
}

/**
 * The reads posts and videos share: lists, pages, search, one by slug or id, and counts.
 * Every read but the admin's keeps to what a visitor may read (`isPublic`), newest first
 * with the id breaking ties, the order the listings' indexes are built in.
 */
export function itemReads<Row extends { id: number }, Found extends Row = Row>(item: ReadItem<Row, Found>) {
  const { table, rankBy } = item;
  const columns: Record<string, AnyPgColumn> = item.columns;
  /** What a search reads of each row it found: the columns, and what its snippets need. */
  const found: Record<string, AnyPgColumn> = { ...columns, ...item.foundColumns };
  /** What a visitor may read: every read here but the admin's keeps to it. */
  const published = isPublic(table);
  const ofCategory = (category: Category | undefined) => (category ? eq(table.category, category) : undefined);
  const newestFirst = [desc(table.publishedAt), desc(table.id)] as const;
  const publishedRows = (db: Db, where?: SQL) =>
    db
      .select(columns)
      .from(table)
      .where(and(published, where))
      .orderBy(...newestFirst);

  /** Up to `limit` published rows that also meet `where`, newest first: for a kind's own listings. */
  async function newest(db: Db, where: SQL | undefined, limit: number): Promise<Row[]> {
    return rowsOf<Row>(await publishedRows(db, where).limit(limit));
  }

  /** All published rows, newest first, optionally of one category: for what must see them all (the search index). */
  async function list(db: Db, filter: { category?: Category } = {}): Promise<Row[]> {
    return rowsOf<Row>(await publishedRows(db, ofCategory(filter.category)));
  }

  /**
   * One page of the rows, newest first, optionally of one category, and how many there are
   * in all: the published ones unless an admin asks for another `status`.
   */
  async function page(
    db: Db,
    filter: { category?: Category; status?: StatusFilter } = {},
    request: PageRequest = FIRST_PAGE,
  ): Promise<Page<Row>> {
    const where = and(withStatus(table, filter.status ?? "published"), ofCategory(filter.category));
    const [rows, [counted]] = await Promise.all([
      db
        .select(columns)
        .from(table)
        .where(where)
        .orderBy(...newestFirst)
        .limit(request.limit)
        .offset(offsetOf(request)),
      db.select({ n: count() }).from(table).where(where),
    ]);
    return { items: rowsOf<Row>(rows), total: counted?.n ?? 0 };
  }

  /** The newest rows. */
  function recent(db: Db, limit = item.recent): Promise<Row[]> {
    return newest(db, undefined, limit);
  }

  /** One page of the rows matching a search term, best first, and how many match; a blank term finds nothing. */
  function search(db: Db, term: string, request: PageRequest = FIRST_PAGE): Promise<Page<Found>> {
    return rankedSearch(db, { table, rankBy, visible: published }, term, request, async (ids) =>
      rowsOf<Found>(await db.select(found).from(table).where(inArray(table.id, ids))),
    );
  }

  /** One published row by its slug, or null; with `anyStatus` (an admin's read), a draft or scheduled one too. */
  async function bySlug(db: Db, slug: string, { anyStatus = false } = {}): Promise<Row | null> {
    const where = and(eq(table.slug, slug), anyStatus ? undefined : published);
    const [row] = rowsOf<Row>(await db.select(columns).from(table).where(where).limit(1));
    return row ?? null;
  }

  /** One row by id whatever its status, for the owner's eyes or a preview link; null when there is none. */
  async function byId(db: Db, id: number): Promise<Row | null> {
    const [row] = rowsOf<Row>(await db.select(columns).from(table).where(eq(table.id, id)).limit(1));
    return row ?? null;
  }

  /** How many rows visitors can read. */
  async function countPublished(db: Db): Promise<number> {
    const [row] = await db.select({ n: count() }).from(table).where(published);
    return row?.n ?? 0;
  }

  return { published, newest, list, page, recent, search, bySlug, byId, count: countPublished };
}
