import { createDb, type Db, type DbHandle } from "../../db/client.ts";
import { processValue } from "./process-value.ts";
import { settings } from "./settings.server.ts";

// The process's database: opened from the settings on first use, so code that never
// touches it (a pure test, the build) opens nothing; the site's wiring hands over the one
// it has migrated and seeded (`useDatabase`), as a test hands over its own.
const held = processValue<DbHandle>(import.meta.hot, "database", () => createDb(settings().databaseUrl));

/** Use an already opened database: the wiring's, once it is prepared, or a test's. */
export const useDatabase = (handle: DbHandle): void => {
  held.set(handle);
};

/** This process's database handle (its pool, its engine, its close). */
export const database = (): DbHandle => held.get();

/** This process's database, for services and pages. */
export const db = (): Db => held.get().db;
