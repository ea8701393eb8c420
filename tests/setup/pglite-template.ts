import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { createDb } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Once per run: a migrated in-memory database, dumped to a file that each test file starts
 * its own database from, rather than running initdb and every migration again (about 2 s
 * a file).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const handle = createDb("memory://");
  await runMigrations(handle);
  // The handle's type is the same for both engines; drizzle keeps the PGlite it wraps here.
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await handle.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), "meh-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
