import { sql } from "drizzle-orm";
import type { Page } from "./paging";

/**
 * How many rows the query matched before its limit, on every row: a ranked search scores
 * every candidate anyway, so counting them in the same pass costs nothing more.
 */
const totalColumn = sql<number>`cast(count(*) over () as integer)`;

/** A select's columns plus the matched total (see `pageWithTotal`). */
export const withTotal = <C extends object>(columns: C) => ({ ...columns, total: totalColumn });

/**
 * A page read with `withTotal`. A page past the last has no row to carry the total, so
 * only then is it counted on its own.
 */
export async function pageWithTotal<R extends { total: number }>(
  rows: R[],
  countAll: () => Promise<{ n: number }[]>,
): Promise<Page<Omit<R, "total">>> {
  const [first] = rows;
  if (first) return { items: rows.map(({ total: _total, ...row }) => row), total: first.total };
  const [counted] = await countAll();
  return { items: [], total: counted?.n ?? 0 };
}
