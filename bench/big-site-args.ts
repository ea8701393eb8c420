import path from "node:path";
import { parseArgs } from "node:util";
import { createDb, type DbHandle } from "../db/client.ts";

/**
 * The database a big-site script works on, from its command line: `--data-dir DIR` (the
 * embedded database in DIR/db) or, with `--database-url postgres://…`, that server.
 */
export function openBigSite(options: Record<string, { type: "string"; default?: string }> = {}): {
  handle: DbHandle;
  dataDir: string;
  values: Record<string, string | undefined>;
} {
  const { values } = parseArgs({
    options: { ...options, "data-dir": { type: "string" }, "database-url": { type: "string" } },
  }) as { values: Record<string, string | undefined> };
  const dataDir = values["data-dir"];
  if (!dataDir) {
    console.error("Give --data-dir DIR (and --database-url postgres://… for a PostgreSQL server).");
    process.exit(2);
  }
  return { handle: createDb(values["database-url"] ?? path.join(dataDir, "db")), dataDir, values };
}
