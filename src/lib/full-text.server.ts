import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db.server";
import { offsetOf, type Page, type PageRequest } from "@/lib/paging";
import { pageWithTotal } from "@/lib/paged-query.server";

/** What a search reads: posts and videos both have a weighted `tsvector`, a title and a publish date. */
type SearchableTable = PgTable & Record<"id" | "publishedAt" | "search" | "title", AnyPgColumn>;

/** A searchable table, and the part of its document a match is ranked by. */
export interface SearchSource {
  table: SearchableTable;
  /**
   * A small weighted `tsvector` (title and excerpt or description) to rank by. Ranking reads
   * it for every match, and a post's whole document is kilobytes, compressed out of line: a
   * word in nearly every post cost 100 ms to rank by the document and costs 8 ms by this.
   */
  rankBy: AnyPgColumn;
  /** Which rows a search may find: those the public may read. */
  visible: SQL;
}

/** How far a search goes before it takes another way (the defaults; a test sets its own). */
export interface SearchLimits {
  /**
   * How far a search counts its full-text hits before it stops and says "more than": a word
   * in most of 10,000 posts cost 20-30 ms to count and rank hit by hit, where the first page
   * needs only the few that match in a title or excerpt and the newest of the rest. A page
   * past this many rows is read exactly (see `rankedSearch`).
   */
  cap: number;
  /**
   * How many rows, newest first, a capped search tests for the page's matches found only in
   * a body before it sorts all its hits by date instead: a word in more than `cap` of 10,000
   * posts is found within a few hundred of them for a first page, about 5 µs a row.
   */
  newestRowsTested: number;
}

const LIMITS: SearchLimits = { cap: 1000, newestRowsTested: 1000 };

/**
 * The rows of a statement written in SQL. drizzle types a raw statement's result as unknown
 * (it is the driver's); both drivers' results hold the rows in `rows`.
 */
async function rowsOf<T>(db: Pick<Db, "execute">, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/** What a search of one term says in SQL, shared by its statements. */
interface SearchTerm {
  source: SearchSource;
  term: string;
  /** The term as a full-text query (`websearch_to_tsquery` syntax). */
  query: SQL;
  /**
   * A hit's rank: `ts_rank` of the source's `rankBy` (title > excerpt or description) where
   * that matches, else 0 (ts_rank would give each the same 1e-20): the rest rank newest first.
   */
  rank: SQL;
}

function searchTerm(source: SearchSource, term: string): SearchTerm {
  const query = sql`websearch_to_tsquery('english', ${term})`;
  const rank = sql`case when ${source.rankBy} @@ ${query} then ts_rank(${source.rankBy}, ${query}) else 0 end`;
  return { source, term, query, rank };
}

/**
 * One page of the rows matching a search term, best first, and how many match.
 *
 * The order: full-text hits anywhere in the document (`websearch_to_tsquery` syntax), those
 * matching in the title or excerpt first by `ts_rank` of the source's `rankBy`, the rest
 * newest first; then typos of a title word, by trigram word similarity (`<%`, answered by the
 * title's trigram index), the closest first. Its threshold is the connection's
 * `pg_trgm.word_similarity_threshold`, which the database client sets (see `db/client.ts`).
 *
 * A page that ends within the first `cap` results reads no more than `cap` + 1 hits: with
 * more, the total is "more than `cap`" (`capped`) and the page is read as `cappedPage` does,
 * without visiting every hit. With fewer, and on deeper pages, every hit is ranked and
 * counted (`exactPage`).
 * Only the page's rows are read whole, by `readRows`. A blank term finds nothing.
 */
export async function rankedSearch<R extends { id: number }>(
  db: Db,
  source: SearchSource,
  term: string,
  page: PageRequest,
  readRows: (ids: number[]) => Promise<R[]>,
  limits: Partial<SearchLimits> = {},
): Promise<Page<R>> {
  const { cap, newestRowsTested } = { ...LIMITS, ...limits };
  if (term.trim() === "") return { items: [], total: 0 };
  const search = searchTerm(source, term);
  const found = await db.transaction(async (tx): Promise<Page<{ id: number }>> => {
    // For a word in most rows, the planner's estimate favours reading the table over the
    // index; but reading it means decompressing every document to test it, 40 ms at 10,000
    // posts where the index's exact bitmap takes 4. The index is never the worse choice here.
    await tx.execute(sql`set local enable_seqscan = off`);
    const counted = offsetOf(page) + page.limit <= cap ? cap : undefined;
    const exact = await exactPage(tx, search, page, counted);
    return exact ?? { items: await cappedPage(tx, search, page, newestRowsTested), total: cap + 1, capped: true };
  });
  if (found.items.length === 0) return { ...found, items: [] };
  const ids = found.items.map((row) => row.id);
  // `where id in …` keeps no order, so the rows are put back in the ranking's.
  const byId = new Map((await readRows(ids)).map((row) => [row.id, row]));
  return { ...found, items: ids.flatMap((id) => byId.get(id) ?? []) };
}

/**
 * Each full-text hit's id, date, rank and whether the public may read it, or with `upTo`, no
 * more than that many of those it may read. Written as SQL: drizzle's builder writes no
 * `materialized`. A materialized CTE asks the full-text index alone, and which rows the public
 * may read is tested on what it found (behind `offset 0`, which keeps the planner from moving
 * the test into the scan): offered the rule with the term, both engines chose the listings'
 * index of published rows (PGlite even with fresh statistics) and tested the term on every
 * row's document, decompressing each, 150-250 ms at 10,000 posts. It is read only as far as
 * a statement needs.
 */
function fullTextHits({ source: { table, visible }, query, rank }: SearchTerm, upTo?: number): SQL {
  const hits = sql`select ${table.id} as id, ${table.publishedAt} as published_at, ${visible} as visible, ${rank} as rank
      from ${table} where ${table.search} @@ ${query}`;
  return upTo === undefined
    ? sql`matched as materialized (${hits})`
    : sql`matched as materialized (select * from (${hits} offset 0) as hit where visible limit ${upTo})`;
}

/**
 * A page of a search with every hit ranked and counted, and the typos after them; or with a
 * `cap`, null when more than that many hits are found, having read no more of them than that.
 * In the typos' condition, in this order, cheapest first (the planner keeps it): a search past
 * its cap has no use for them; a term of only stop words ("the") has nothing to search for,
 * and as a typo would match nearly every title; a row the full text found is left to it, by
 * its id in a hash, where testing its document again decompressed it (33 ms for a word in a
 * third of the titles); only then the similarity. One `or` of both conditions would be
 * simpler SQL, but the planner then scores every row; the union lets each half use its index.
 */
async function exactPage(
  db: Pick<Db, "execute">,
  search: SearchTerm,
  page: PageRequest,
  cap?: number,
): Promise<Page<{ id: number }> | null> {
  const { table, visible } = search.source;
  const { term, query } = search;
  const withinCap = cap === undefined ? sql`true` : sql`(select count(*) from matched) <= ${cap}`;
  // The term is written into the SQL, not bound: bound, it made PostgreSQL's plan for a
  // common word four times slower.
  const hits = sql`with ${fullTextHits(search, cap === undefined ? undefined : cap + 1)}, typed as materialized (
      select ${table.id} as id, ${table.publishedAt} as published_at, ${visible} as visible,
        word_similarity(${term}, ${table.title}) as rank
      from ${table}
      where ${withinCap} and numnode(${query}) > 0 and ${table.id} not in (select id from matched)
        and ${term} <% ${table.title}
    ), hits as (
      select id, published_at, 0 as typo, rank from matched where visible
      union all
      select id, published_at, 1 as typo, rank from typed where visible
    )`;
  const ranked = await rowsOf<{ id: number; total: number; within_cap: boolean }>(
    db,
    sql`${hits} select id, cast(count(*) over () as integer) as total, ${withinCap} as within_cap from hits
      order by typo, rank desc, published_at desc, id desc limit ${page.limit} offset ${offsetOf(page)}`,
  );
  // Past the cap the page holds rows (it ends within the cap), and the first says so.
  if (ranked[0]?.within_cap === false) return null;
  return pageWithTotal(
    ranked.map(({ within_cap: _within, ...row }) => row),
    () => rowsOf<{ n: number }>(db, sql`${hits} select cast(count(*) as integer) as n from hits`),
  );
}

/**
 * A page of a search with more hits than are counted, in the same order as `exactPage`, which
 * it can only hold full-text hits: its typos come after them all. Two parts, each from the
 * rows that answer it cheaply:
 * - the hits ranked above 0, from the index of the small documents they match in: every one
 *   of them is ranked, but they are few beside the hits (none, for a word only in bodies).
 *   A row matching there is a hit but for a query that excludes a word ("-kettle"), whose
 *   matches are tested against their whole document too;
 * - the rest, newest first, from the listings' index of published rows: the newest
 *   `newestRowsTested` are tested for the term until the page is full. A term that is in
 *   fewer of them (a deep page, or words mostly in old posts) sorts its hits by date instead.
 */
async function cappedPage(
  db: Pick<Db, "execute">,
  search: SearchTerm,
  page: PageRequest,
  newestRowsTested: number,
): Promise<{ id: number }[]> {
  const { table, visible, rankBy } = search.source;
  const { query, rank } = search;
  const offset = offsetOf(page);
  const [best] = await rowsOf<{ n: number; ids: number[] | null }>(
    db,
    sql`with ranked as materialized (
        select ${table.id} as id, ${table.publishedAt} as published_at, ${visible} as visible,
          ts_rank(${rankBy}, ${query}) as rank
        from ${table}
        where ${rankBy} @@ ${query} and (strpos(cast(${query} as text), '!') = 0 or ${table.search} @@ ${query})
      )
      select cast(count(*) as integer) as n,
        (array_agg(id order by rank desc, published_at desc, id desc))[${offset + 1}:${offset + page.limit}] as ids
      from ranked where visible and rank > 0`,
  );
  const rankedIds = (best?.ids ?? []).map(Number);
  const wanted = page.limit - rankedIds.length;
  if (wanted === 0) return rankedIds.map((id) => ({ id }));
  const skipped = Math.max(0, offset - (best?.n ?? 0));
  // Without statistics (an archive just imported or restored, until the hourly ANALYZE) the
  // planner takes the table for a few rows and would test the term on all of them, to sort
  // them by date: read in the index's order it is, and only as far as the page needs.
  await db.execute(sql`set local enable_bitmapscan = off`);
  const newest = await rowsOf<{ id: number }>(
    db,
    sql`select id from (
        select ${table.id} as id, ${table.publishedAt} as published_at, ${rank} as rank, ${table.search} @@ ${query} as hit
        from ${table} where ${visible}
        order by ${table.publishedAt} desc, ${table.id} desc limit ${newestRowsTested}
      ) as newest
      where hit and rank = 0 order by published_at desc, id desc limit ${wanted} offset ${skipped}`,
  );
  await db.execute(sql`set local enable_bitmapscan = on`);
  const rest =
    newest.length === wanted
      ? newest
      : await rowsOf<{ id: number }>(
          db,
          sql`with ${fullTextHits(search)} select id from matched where visible and rank = 0
            order by published_at desc, id desc limit ${wanted} offset ${skipped}`,
        );
  return [...rankedIds.map((id) => ({ id })), ...rest];
}
