import { fileURLToPath } from "node:url";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { DbHandle, Schema } from "./client.ts";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Apply the committed migrations. This is the programmatic migrator on purpose:
 * `drizzle-kit migrate` does not load PGlite's extensions and fails without saying so.
 */
export async function runMigrations(handle: DbHandle): Promise<void> {
  if (handle.engine === "postgres") {
    await migratePg(handle.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  }
}
