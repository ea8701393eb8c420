import { count, desc, sql } from "drizzle-orm";
import { unionAll, type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db.server";
import { offsetOf, type Page, type PageRequest } from "@/lib/paging";
import { pageWithTotal, withTotal } from "@/lib/paged-query.server";

/** What a search reads: posts and videos both have a weighted `tsvector`, a title and a publish date. */
type SearchableTable = PgTable & Record<"id" | "publishedAt" | "search" | "title", AnyPgColumn>;

/**
 * How much a typo match's title similarity (0 to 1) counts in its rank, on `ts_rank`'s scale:
 * a close typo ranks with weak body matches, below any title or excerpt hit.
 */
const TYPO_WEIGHT = 0.1;

/**
 * One page of the rows matching a search term, best first, and how many match.
 *
 * Two candidate sets, each from its own index, merged and ranked:
 * - full-text hits (`websearch_to_tsquery` syntax) from the GIN index on the weighted
 *   document, ranked by `ts_rank` (title > excerpt or description > content);
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
  table: SearchableTable,
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
      rank: sql<number>`ts_rank(${table.search}, ${query})`.as("rank"),
    })
    .from(table)
    .where(sql`${table.search} @@ ${query}`);
  const typos = db
    .select({
      id: sql<number>`${table.id}`.as("id"),
      publishedAt: table.publishedAt,
      rank: sql<number>`word_similarity(${term}, ${table.title}) * ${TYPO_WEIGHT}`.as("rank"),
    })
    .from(table)
    // A term of only stop words ("the") has nothing to search for; as a typo it would match
    // nearly every title, and cost a scan of them.
    .where(sql`numnode(${query}) > 0 and ${term} <% ${table.title} and not (${table.search} @@ ${query})`);
  const hits = db.$with("hits").as(unionAll(fullText, typos));
  const ranked = await db
    .with(hits)
    .select(withTotal({ id: hits.id }))
    .from(hits)
    .orderBy(desc(hits.rank), desc(hits.publishedAt), desc(hits.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const found = await pageWithTotal(ranked, () => db.with(hits).select({ n: count() }).from(hits));
  if (found.items.length === 0) return { items: [], total: found.total };
  const ids = found.items.map((row) => row.id);
  // `where id in …` keeps no order, so the rows are put back in the ranking's.
  const byId = new Map((await readRows(ids)).map((row) => [row.id, row]));
  return { items: ids.flatMap((id) => byId.get(id) ?? []), total: found.total };
}
