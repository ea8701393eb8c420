import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { tables } from "@/lib/db.server";
import type { Publication } from "@/modules/editorial/publication";

/** A table of items: posts or videos. Both have the columns the shared reads and writes use. */
export type ItemTable = typeof tables.posts | typeof tables.videos;

/** What every item's row holds that the shared writes read. */
export interface ItemRow extends Publication {
  id: number;
  title: string;
}

/** One kind's table, and the columns it is read with: every one but its search documents. */
export interface ItemSource<Row> {
  table: ItemTable;
  /** Named as `Row` names its fields, so the rows they read are that kind's. */
  columns: { [K in keyof Row]-?: AnyPgColumn };
}

/**
 * Rows read with a kind's `columns`, as that kind's rows. drizzle types a query by the table
 * it is given, and cannot type one over a table chosen at run time; `ItemSource` ties the
 * columns to `Row` name by name, which is what makes this reading safe.
 */
export const rowsOf = <Row>(rows: readonly unknown[]): Row[] => rows as Row[];
