// The plans of the queries a service runs: each statement is captured as the service sends
// it, then asked again under EXPLAIN ANALYZE in a transaction of its own (with the `set
// local` settings the service had made before it), so a plan shown is the plan of what the
// site runs.
import type { PGlite } from "@electric-sql/pglite";
import type { Logger } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import type { Db, DbHandle } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";

interface Captured {
  sql: string;
  params: unknown[];
}

interface Client {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The same database, through a drizzle instance that notes every statement it sends. */
function capturing(handle: DbHandle, into: Captured[]): { db: Db; client: Client } {
  const logger: Logger = { logQuery: (sql, params) => into.push({ sql, params }) };
  // The handle's drizzle instance carries its driver's client; a second instance shares it.
  const client = (handle.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const db =
    handle.engine === "postgres"
      ? drizzlePg({ client: client as pg.Pool, schema, logger })
      : drizzlePglite({ client: client as PGlite, schema, logger });
  return { db, client };
}

/** The plan of each query `read` makes, one string each, in the order they were sent. */
export async function queryPlans(handle: DbHandle, read: (db: Db) => Promise<unknown>): Promise<string[]> {
  const captured: Captured[] = [];
  const { db, client } = capturing(handle, captured);
  await read(db);
  const plans: string[] = [];
  for (const [at, { sql, params }] of captured.entries()) {
    if (!/^\s*(with|select)\b/i.test(sql)) continue;
    // The settings in force when it ran: those made before it.
    const settings = captured.slice(0, at).filter((statement) => /^\s*set local\b/i.test(statement.sql));
    await client.query("begin");
    try {
      for (const setting of settings) await client.query(setting.sql);
      const { rows } = await client.query(`explain (analyze, costs off, timing off, summary off) ${sql}`, params);
      plans.push(rows.map((row) => String(Object.values(row)[0])).join("\n"));
    } finally {
      await client.query("rollback");
    }
  }
  return plans;
}
