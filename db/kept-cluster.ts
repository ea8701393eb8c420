import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Where the empty cluster of the installed PGlite release is kept: a new cluster is the same
 * files every time for one release, and making one (initdb) takes seconds, so the first one
 * made is kept and later data directories start as a copy of it (`db/create-embedded.ts`).
 * Found from the project folder, where the site runs, like the migrations.
 */
export function keptClusterDir(): string {
  const pglite = path.resolve("node_modules/@electric-sql/pglite");
  const { version } = JSON.parse(readFileSync(path.join(pglite, "package.json"), "utf8")) as { version: string };
  return path.resolve("node_modules/.cache/mostly-meh", `pglite-${version}-cluster`);
}

/** Whether `dir` holds a whole cluster. */
export const isCluster = (dir: string): boolean => existsSync(path.join(dir, "PG_VERSION"));
