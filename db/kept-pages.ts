import { rmSync } from "node:fs";
import path from "node:path";
import { embeddedDir } from "./database-url.ts";

const fileFor = (dir: string) => `${dir}.pages`;

/**
 * Where a clean stop keeps the stored pages, for the next start to answer with before the
 * database opens (src/server/page-snapshot.ts): beside the embedded
 * database, or in the data directory with a PostgreSQL server.
 */
export function keptPagesFile({ databaseUrl, dataDir }: { databaseUrl: string; dataDir: string }): string {
  const dir = embeddedDir(databaseUrl);
  return dir === undefined ? path.join(dataDir, "postgres.pages") : fileFor(dir);
}

/**
 * Whoever opens the embedded database in `dir` may change it, and then pages kept from it
 * could be old: every opener (the site, `astro dev`, the admin script) removes them first.
 */
export function forgetKeptPages(dir: string): void {
  rmSync(fileFor(dir), { force: true });
}
