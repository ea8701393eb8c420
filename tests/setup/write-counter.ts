import { sql, type SQL } from "drizzle-orm";
import type { DbHandle } from "../../db/client.ts";

/**
 * Count every row written from now on in a test's own database: a trigger on each table of
 * the public schema but those named in `except` adds one per row inserted, updated or
 * deleted, and a rolled back write adds nothing. Returns how many have been written so far,
 * one tiny read, where counting every table's rows would take far longer and miss a write
 * undone in the same request.
 */
export async function countWrites(handle: DbHandle, except: readonly string[] = []): Promise<() => Promise<number>> {
  // Both drivers answer a raw query with its rows under `rows`.
  const rowsOf = async <T>(query: SQL): Promise<T[]> => ((await handle.db.execute(query)) as { rows: T[] }).rows;
  const tables = await rowsOf<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  await handle.db.execute(sql`create table test_rows_written (n bigint not null)`);
  await handle.db.execute(sql`insert into test_rows_written values (0)`);
  await handle.db.execute(
    sql.raw(`create function test_count_row() returns trigger language plpgsql as $$
      begin update test_rows_written set n = n + 1; return null; end $$`),
  );
  for (const { table_name: table } of tables.filter(({ table_name: name }) => !except.includes(name))) {
    await handle.db.execute(
      sql`create trigger test_count_row after insert or update or delete on ${sql.identifier(table)} for each row execute function test_count_row()`,
    );
  }
  return async () => {
    const [row] = await rowsOf<{ n: number | string }>(sql`select n from test_rows_written`);
    return Number(row?.n);
  };
}
