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

/**
 * How much a typo match's title similarity (0 to 1) counts in its rank, on `ts_rank`'s scale:
 * a close typo ranks with matches in an excerpt, above matches only in the body.
 */
const TYPO_WEIGHT = 0.1;

/**
 * The rows of a statement written in SQL. drizzle types a raw statement's result as unknown
 * (it is the driver's); both drivers' results hold the rows in `rows`.
 */
async function rowsOf<T>(db: Pick<Db, "execute">, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/**
 * One page of the rows matching a search term, best first, and how many match.
 *
 * Two candidate sets, each from its own index, merged and ranked:
 * - full-text hits anywhere in the document (`websearch_to_tsquery` syntax), from the GIN
 *   index, ranked by `ts_rank` of the source's `rankBy` (title > excerpt or description);
 *   matches only in the body rank after those, newest first;
 * - typos in a title word, by trigram word similarity (`<%`, answered by the title's
 *   trigram index), but for rows the first set holds. Its threshold is the connection's
 *   `pg_trgm.word_similarity_threshold`, which the database client sets (see `db/client.ts`).
 *
 * One `or` of both conditions would be simpler SQL, but the planner then scores every row;
 * the union lets each half use its index. Each half is a materialized CTE that asks its
 * index alone, and which rows the public may read is tested on what it found: offered the
 * rule with the term, both engines chose the listings' index of published rows (PGlite even
 * with fresh statistics) and tested the term on every row's document, decompressing each,
 * 150-250 ms at 10,000 posts. Only the page's rows are read whole, by `readRows`.
 * A blank term finds nothing.
 */
export async function rankedSearch<R extends { id: number }>(
  db: Db,
  { table, rankBy, visible }: SearchSource,
  term: string,
  page: PageRequest,
  readRows: (ids: number[]) => Promise<R[]>,
): Promise<Page<R>> {
  if (term.trim() === "") return { items: [], total: 0 };
  const query = sql`websearch_to_tsquery('english', ${term})`;
  // Ranked only where the title or excerpt matches: every other hit ranks 0 (ts_rank would
  // give each the same 1e-20), newest first. A word in most posts was ranked 10,000 times
  // for a page of 24, 20-30 ms of a search that takes 12 so.
  const rank = sql`case when ${rankBy} @@ ${query} then ts_rank(${rankBy}, ${query}) else 0 end`;
  // Written into the SQL, not bound: bound, it made PostgreSQL's plan for a common word four times slower.
  const typoRank = sql`word_similarity(${term}, ${table.title}) * ${sql.raw(String(TYPO_WEIGHT))}`;
  // Written as SQL: drizzle's builder writes no `materialized`. In the typos' condition, in
  // this order, cheapest first (the planner keeps it): a term of only stop words ("the") has
  // nothing to search for, and as a typo would match nearly every title; a row the full text
  // found is left to it, by its id in a hash, where testing its document again decompressed
  // it (33 ms for a word in a third of the titles); only then the similarity.
  const hits = sql`with matched as materialized (
      select ${table.id} as id, ${table.publishedAt} as published_at, ${visible} as visible, ${rank} as rank
      from ${table} where ${table.search} @@ ${query}
    ), typed as materialized (
      select ${table.id} as id, ${table.publishedAt} as published_at, ${visible} as visible, ${typoRank} as rank
      from ${table}
      where numnode(${query}) > 0 and ${table.id} not in (select id from matched) and ${term} <% ${table.title}
    ), hits as (
      select id, published_at, rank from matched where visible
      union all
      select id, published_at, rank from typed where visible
    )`;
  const found = await db.transaction(async (tx) => {
    // For a word in most rows, the planner's estimate favours reading the table over the
    // index; but reading it means decompressing every document to test it, 40 ms at 10,000
    // posts where the index's exact bitmap takes 4. The index is never the worse choice here.
    await tx.execute(sql`set local enable_seqscan = off`);
    const ranked = await rowsOf<{ id: number; total: number }>(
      tx,
      sql`${hits} select id, cast(count(*) over () as integer) as total from hits
        order by rank desc, published_at desc, id desc limit ${page.limit} offset ${offsetOf(page)}`,
    );
    return pageWithTotal(ranked, () =>
      rowsOf<{ n: number }>(tx, sql`${hits} select cast(count(*) as integer) as n from hits`),
    );
  });
  if (found.items.length === 0) return { items: [], total: found.total };
  const ids = found.items.map((row) => row.id);
  // `where id in …` keeps no order, so the rows are put back in the ranking's.
  const byId = new Map((await readRows(ids)).map((row) => [row.id, row]));
  return { items: ids.flatMap((id) => byId.get(id) ?? []), total: found.total };
}
