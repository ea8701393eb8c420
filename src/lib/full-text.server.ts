import { count, desc, sql, type SQL } from "drizzle-orm";
import { unionAll, type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db.server";
import { offsetOf, type Page, type PageRequest } from "@/lib/paging";
import { pageWithTotal, withTotal } from "@/lib/paged-query.server";

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
 * One page of the rows matching a search term, best first, and how many match.
 *
 * Two candidate sets, each from its own index, merged and ranked:
 * - full-text hits anywhere in the document (`websearch_to_tsquery` syntax), from the GIN
 *   index, ranked by `ts_rank` of the source's `rankBy` (title > excerpt or description);
 *   matches only in the body rank after those, newest first;
 * - typos in a title word, by trigram word similarity (`<%`, answered by the title's
 *   trigram index). Its threshold is the connection's `pg_trgm.word_similarity_threshold`,
 *   which the database client sets (see `db/client.ts`).
 *
 * One `or` of both conditions would be simpler SQL, but the planner then scores every row;
 * the union lets each half use its index. Only the page's rows are read whole, by `readRows`.
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
  const fullText = db
    .select({
      id: sql<number>`${table.id}`.as("id"),
      publishedAt: table.publishedAt,
      // Ranked only where the title or excerpt matches: every other hit ranks 0 (ts_rank
      // would give each the same 1e-20), newest first. A word in most posts was ranked
      // 10,000 times for a page of 24, 20-30 ms of a search that takes 12 so.
      rank: sql<number>`case when ${rankBy} @@ ${query} then ts_rank(${rankBy}, ${query}) else 0 end`.as("rank"),
    })
    .from(table)
    .where(sql`${table.search} @@ ${query} and ${visible}`);
  const typos = db
    .select({
      id: sql<number>`${table.id}`.as("id"),
      publishedAt: table.publishedAt,
      // Written into the SQL, not bound: bound, it made PostgreSQL's plan for a common word four times slower.
      rank: sql<number>`word_similarity(${term}, ${table.title}) * ${sql.raw(String(TYPO_WEIGHT))}`.as("rank"),
    })
    .from(table)
    // In this order, cheapest first (the planner keeps it, the costs being equal): a term of
    // only stop words ("the") has nothing to search for, and as a typo would match nearly
    // every title; a title or excerpt that holds the term is a full-text hit already, and
    // testing that on the small vector first spares most rows the similarity and the
    // whole document's decompression.
    .where(
      sql`numnode(${query}) > 0 and not (${rankBy} @@ ${query}) and ${term} <% ${table.title} and not (${table.search} @@ ${query}) and ${visible}`,
    );
  const found = await db.transaction(async (tx) => {
    // For a word in most rows, the planner's estimate favours reading the table over the
    // index; but reading it means decompressing every document to test it, 40 ms at 10,000
    // posts where the index's exact bitmap takes 4. The index is never the worse choice here.
    await tx.execute(sql`set local enable_seqscan = off`);
    const hits = tx.$with("hits").as(unionAll(fullText, typos));
    const ranked = await tx
      .with(hits)
      .select(withTotal({ id: hits.id }))
      .from(hits)
      .orderBy(desc(hits.rank), desc(hits.publishedAt), desc(hits.id))
      .limit(page.limit)
      .offset(offsetOf(page));
    return pageWithTotal(ranked, () => tx.with(hits).select({ n: count() }).from(hits));
  });
  if (found.items.length === 0) return { items: [], total: found.total };
  const ids = found.items.map((row) => row.id);
  // `where id in …` keeps no order, so the rows are put back in the ranking's.
  const byId = new Map((await readRows(ids)).map((row) => [row.id, row]));
  return { items: ids.flatMap((id) => byId.get(id) ?? []), total: found.total };
}
