import { sql, type SQL } from "drizzle-orm";
import { customType } from "drizzle-orm/pg-core";
import { CONTENT_STATUSES } from "../content-statuses.ts";
import { CATEGORIES, MEH_RATING } from "../domain-constants.ts";

/** Bytes, as PostgreSQL's `bytea`; both drivers hand them back as a `Uint8Array`. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** PostgreSQL's full-text document type; only ever written by a generated column. */
export const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

/** SQL list of the four categories, for CHECK constraints. */
export const categoryList: SQL = sql.raw(CATEGORIES.map((c) => `'${c.replaceAll("'", "''")}'`).join(", "));

/** SQL list of the content statuses, for CHECK constraints. */
export const statusList: SQL = sql.raw(CONTENT_STATUSES.map((s) => `'${s}'`).join(", "));

/** SQL `between` clause of the meh rating scale, for CHECK constraints. */
export const mehRatingRange: SQL = sql.raw(`between ${MEH_RATING.min} and ${MEH_RATING.max}`);

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
