import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { createDb, type DbHandle } from "../../../db/client.ts";
import { insertUser } from "../../../tests/factories.ts";
import { fillArchiveSite, putSiteUploads } from "../../../tests/setup/archive-site.ts";
import { queuedJobs } from "../../../tests/setup/queued-jobs.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { useJobSender } from "@/lib/job-registry";
import { LocalStore } from "@/modules/uploads/local-store.server";
import { isBackupName, PARTIAL_PREFIX } from "./backup-names";
import { keptBackups, lastEndedRun } from "./backup-runs.server";
import { folderShelf } from "./backup-shelf.server";
import { writeBackup } from "./backups.server";

let dir: string;
let url: string;
let handle: DbHandle;
const children: ChildProcess[] = [];

/** The database this file's engine gives two processes: a server's, or embedded in a folder. */
async function sharedDb(): Promise<DbHandle> {
  if (process.env.TEST_DB_ENGINE === "postgres") {
    const made = await createTestDb();
    url = made.connectionString ?? "";
    return made;
  }
  const folder = path.join(dir, "db");
  const unpacked = new PGlite({ dataDir: folder, loadDataDir: new Blob([await readFile(inject("pgliteTemplate"))]) });
  await unpacked.close();
  url = `file:${folder}`;
  return createDb(url);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-backup-killed-"));
  handle = await sharedDb();
  const owner = { id: 0, username: "owner", role: "admin" };
  await insertUser(handle.db, owner);
  // A schedule sends its job, as on a running site.
  useJobSender(queuedJobs(handle).sender);
  await fillArchiveSite(handle.db, owner.id);
  useJobSender(undefined);
});
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * A backup in a process of its own whose upload store sends a first chunk of a file and then
 * nothing more: the archive is part-written when the child says "stalled".
 */
function backupInChild(backupsDir: string): ChildProcess {
  const module = (file: string) => JSON.stringify(new URL(file, import.meta.url).href);
  const script = `
    import { Readable } from "node:stream";
    import { createDb } from ${module("../../../db/client.ts")};
    import { folderShelf } from ${module("./backup-shelf.server.ts")};
    import { writeBackup } from ${module("./backups.server.ts")};
    const handle = createDb(${JSON.stringify(url)});
    const store = {
      async size() {
        return 10 ** 9;
      },
      async stream() {
        console.log("stalled");
        return { body: new Readable({ read() { this.push(Buffer.alloc(64 * 1024, 1)); this.pause(); } }), size: 10 ** 9 };
      },
    };
    await writeBackup(handle.db, {
      shelf: folderShelf(${JSON.stringify(backupsDir)}), store, engine: handle.engine,
      software: { name: "meh-moments", version: "0.0.0-test" }, keep: 7,
    }, { trigger: "child" });`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return child;
}

it(
  "a backup killed mid-write leaves nothing under a backup's name, and the next run succeeds",
  { timeout: 120_000 },
  async () => {
    const backupsDir = path.join(dir, "backups");
    // The embedded database is one process's at a time: this one lets go while the child runs.
    if (handle.engine === "pglite-file") await handle.close();
    const child = backupInChild(backupsDir);
    const lines = createInterface({ input: child.stdout ?? process.stdin });
    for await (const line of lines) if (line === "stalled") break;
    expect((await readdir(backupsDir)).filter((name) => name.startsWith(PARTIAL_PREFIX))).toHaveLength(1);
    child.kill("SIGKILL");
    await once(child, "exit");
    if (handle.engine === "pglite-file") handle = createDb(url);
    expect((await readdir(backupsDir)).filter(isBackupName)).toEqual([]);

    const store = new LocalStore(path.join(dir, "uploads"), handle.db);
    await putSiteUploads(store);
    const result = await writeBackup(
      handle.db,
      {
        shelf: folderShelf(backupsDir),
        store,
        engine: handle.engine,
        software: { name: "meh-moments", version: "0" },
        keep: 7,
      },
      { trigger: "test" },
    );
    expect(await readdir(backupsDir)).toEqual([result.name]);
    expect((await keptBackups(handle.db)).map((run) => run.name)).toEqual([result.name]);
    // The killed run's record, where the database kept it (PGlite may not have flushed it), says it stopped.
    const killed = (await handle.db.query.backups.findMany()).filter((run) => run.trigger === "child");
    for (const run of killed)
      expect(run).toMatchObject({ status: "failed", error: expect.stringMatching(/stopped/) as unknown });
    expect(await lastEndedRun(handle.db)).toMatchObject({ name: result.name, status: "ok" });
  },
);
