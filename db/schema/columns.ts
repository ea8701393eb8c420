import { sql, type SQL } from "drizzle-orm";
import { customType } from "drizzle-orm/pg-core";
import { CATEGORIES } from "../../src/lib/categories.ts";

/** PostgreSQL's full-text document type; only ever written by a generated column. */
export const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

/** SQL list of the four categories, for CHECK constraints. */
export const categoryList: SQL = sql.raw(CATEGORIES.map((c) => `'${c.replaceAll("'", "''")}'`).join(", "));

/**
 * A weighted document: the first text ranks as A, the next as B, then C.
 * `english` is spelled out so the expression is immutable, as a generated column needs.
 */
export function weightedDocument(...columns: string[]): SQL {
  const weights = ["A", "B", "C", "D"];
  return sql.raw(
    columns.map((c, i) => `setweight(to_tsvector('english', coalesce(${c}, '')), '${weights[i] ?? "D"}')`).join(" || "),
  );
}
