import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createDb } from "./client.ts";

const SCRIPT = fileURLToPath(new URL("./create-embedded.ts", import.meta.url));
const PGLITE = path.resolve("node_modules/@electric-sql/pglite");
const { version } = JSON.parse(readFileSync(path.join(PGLITE, "package.json"), "utf8")) as { version: string };

// A project folder of its own, with the installed PGlite, so the cluster it keeps is this
// test's alone.
let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), "meh-cluster-"));
  await mkdir(path.join(project, "node_modules/@electric-sql"), { recursive: true });
  await symlink(PGLITE, path.join(project, "node_modules/@electric-sql/pglite"));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
});

/** Make a new data directory's cluster as the site does, from the project folder. */
async function createCluster(name: string): Promise<string> {
  const dir = path.join(project, name);
  await promisify(execFile)(process.execPath, [SCRIPT, dir], { cwd: project });
  return dir;
}

/** The control file, which holds the identifier initdb gives each cluster it makes. */
const control = (dir: string) => readFileSync(path.join(dir, "global", "pg_control"));

async function expectOpens(dir: string): Promise<void> {
  const handle = createDb(`file:${dir}`);
  try {
    expect(await handle.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
  } finally {
    await handle.close();
  }
}

it("keeps the first cluster it makes, and the next data directory starts as a copy that opens", async () => {
  const first = await createCluster("first");
  const kept = path.join(project, "node_modules/.cache/mostly-meh", `pglite-${version}-cluster`);
  expect(existsSync(path.join(kept, "PG_VERSION"))).toBe(true);
  expect(control(first)).toEqual(control(kept));

  const second = await createCluster("second");
  expect(control(second)).toEqual(control(kept));
  await expectOpens(second);
});

it("makes the cluster in place where nothing can be kept", async () => {
  // A file where the cache's folder would go: nothing can be written under it.
  await writeFile(path.join(project, "node_modules/.cache"), "");
  const dir = await createCluster("data");
  await expectOpens(dir);
  expect(existsSync(path.join(project, "node_modules/.cache/mostly-meh"))).toBe(false);
});
