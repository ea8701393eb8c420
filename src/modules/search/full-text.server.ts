import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * How close a title must be, by trigram word similarity, to count as a typo of the query.
 * 0.45 lets one or two wrong letters through ("sandwhich", "puddels") without matching noise.
 */
const TYPO_SIMILARITY = 0.45;

export interface FullTextMatch {
  where: SQL;
  rank: SQL<number>;
}

/**
 * Match a search term against a weighted `tsvector` column (PostgreSQL full-text search,
 * `websearch_to_tsquery` syntax) or, for typos, against the title by trigram similarity.
 * Rank puts full-text hits first, weighted title > excerpt > content, then near-misses.
 */
export function fullTextMatch(document: AnyColumn, title: AnyColumn, term: string): FullTextMatch {
  const query = sql`websearch_to_tsquery('english', ${term})`;
  const similarity = sql`word_similarity(${term}, ${title})`;
  return {
    where: sql`(${document} @@ ${query} or ${similarity} >= ${TYPO_SIMILARITY})`,
    rank: sql<number>`(ts_rank(${document}, ${query}) + ${similarity} * 0.1)`,
  };
}
