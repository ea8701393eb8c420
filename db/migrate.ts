import path from "node:path";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { DbHandle, Schema } from "./client.ts";

// From the project folder, where the site runs: this module is also built into Astro's
// server build, which lives elsewhere.
const migrationsFolder = path.resolve("db/migrations");

/**
 * Apply the committed migrations. This is the programmatic migrator on purpose:
 * `drizzle-kit migrate` does not load PGlite's extensions and fails without saying so.
 */
export async function runMigrations(handle: DbHandle): Promise<void> {
  if (handle.pool) {
    // A migration may take longer than a request may wait (the pool's timeouts are for a
    // server that stopped answering), so it gets a connection of its own without them.
    const client = new pg.Client({ connectionString: handle.pool.options.connectionString });
    await client.connect();
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.end();
    }
  } else {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  }
}
