import { createDb, type Db, type DbHandle } from "../../db/client.ts";
import { settings } from "./settings.server.ts";

export type { Db } from "../../db/client.ts";
export * as tables from "../../db/schema/index.ts";

// One handle per process. The start script opens it before the server bundle loads, and
// the bundle has its own copy of this module, so the handle lives on a global symbol:
// a second PGlite on the same directory would lose writes.
const KEY = Symbol.for("mostly-meh.db");
type Holder = { [KEY]?: DbHandle };

/** Register the process's database handle (the start script and tests do this). */
export function setDbHandle(handle: DbHandle): void {
  (globalThis as Holder)[KEY] = handle;
}

/** The process's database handle, opened from the settings on first use. */
export function dbHandle(): DbHandle {
  const holder = globalThis as Holder;
  holder[KEY] ??= createDb(settings().databaseUrl);
  return holder[KEY];
}

/** The database, for services. */
export function db(): Db {
  return dbHandle().db;
}
