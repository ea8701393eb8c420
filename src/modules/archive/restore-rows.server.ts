import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { tables, type Db } from "@/lib/db.server";
import type { Row } from "./spool.server";
import { refuse } from "./verify-archive.server";
import { errorCode, UNIQUE_VIOLATION } from "@/lib/database-errors";

/** Rows per insert: few enough that a batch of whole documents stays small. */
const BATCH_ROWS = 100;

/** The database's own words about a unique key broken (`Key (slug)=(x) already exists.`). */
function detailOf(error: unknown): string {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const detail = (e as { detail?: unknown }).detail;
    if (typeof detail === "string") return detail;
  }
  return "";
}

/**
 * Insert rows as the archive holds them (columns by their database names, values as
 * PostgreSQL's JSON) into `table`, ids kept. PostgreSQL reads the values itself
 * (`json_populate_recordset`), so timestamps keep their microseconds and documents stay as
 * stored on either engine. Only the columns the rows carry are named: a column added since
 * the archive was made takes its default. A unique key broken (two posts with one slug)
 * refuses the archive, naming `source`.
 */
async function insertBatch(
  tx: Db,
  table: PgTable,
  columns: readonly PgColumn[],
  rows: Row[],
  source: string,
  onConflict?: SQL,
) {
  const first = rows[0] ?? {};
  const named = columns.filter((column) => column.name in first);
  const list = sql.join(
    named.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  try {
    // Identity columns are "generated always": the archived ids go in only when overridden.
    await tx.execute(
      sql`insert into ${table} (${list}) overriding system value select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(rows)}::json) ${onConflict ?? sql``}`,
    );
  } catch (error) {
    if (errorCode(error) === UNIQUE_VIOLATION) {
      throw refuse(`${source} repeats what must be unique in ${getTableName(table)}: ${detailOf(error)}`);
    }
    throw refuse(`${source} could not be restored into ${getTableName(table)}: ${detailOf(error) || String(error)}`);
  }
}

/** Insert every row of `rows` into `table`, a batch at a time; returns how many. */
export async function insertRows(
  tx: Db,
  table: PgTable,
  columns: readonly PgColumn[],
  rows: AsyncIterable<Row> | Iterable<Row>,
  source: string,
  /** What a row whose key the target holds already does (`on conflict …`); refused when unsaid. */
  onConflict?: SQL,
): Promise<number> {
  let batch: Row[] = [];
  let count = 0;
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH_ROWS) {
      await insertBatch(tx, table, columns, batch, source, onConflict);
      count += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await insertBatch(tx, table, columns, batch, source, onConflict);
  return count + batch.length;
}

const identityColumns = (table: PgTable): PgColumn[] =>
  Object.values(getTableColumns(table)).filter((column) => column.generatedIdentity !== undefined);

/** Every table of the schema, by its name. */
const allTables = (): PgTable[] => Object.values(tables);

/**
 * Move each identity's sequence past the largest id restored, so the site's next insert takes
 * a new id rather than colliding with an archived one.
 */
export async function moveSequences(tx: Db): Promise<void> {
  for (const table of allTables()) {
    for (const column of identityColumns(table)) {
      const id = sql.identifier(column.name);
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${getTableName(table)}, ${column.name}), coalesce(max(${id}), 0) + 1, false) from ${table}`,
      );
    }
  }
}

/** The tables, among `among`, that hold any row. */
export async function tablesWithRows(db: Db, among: readonly PgTable[]): Promise<string[]> {
  const held: string[] = [];
  for (const table of new Set(among)) {
    const [row] = await db.select({ any: sql<boolean>`exists (select 1 from ${table})` }).from(sql`(select 1) as one`);
    if (row?.any) held.push(getTableName(table));
  }
  return held;
}

/** Empty every table of the site's schema (the job queue's aside), for a restore that replaces. */
export async function emptyAllTables(tx: Db): Promise<void> {
  const list = sql.join(allTables(), sql`, `);
  await tx.execute(sql`truncate ${list} restart identity cascade`);
}

/** The columns of `table` that name a user: null where the archive has no users. */
export const userColumns = (table: PgTable): PgColumn[] =>
  getTableConfig(table)
    .foreignKeys.map((key) => key.reference())
    .filter((reference) => reference.foreignTable === tables.users)
    .flatMap((reference) => reference.columns);
