import { rm } from "node:fs/promises";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { backups, posts } from "../../../db/schema/index.ts";
import { callEndpoint, endpoints, type Endpoint } from "../../../tests/api-routes.ts";
import { insertUser } from "../../../tests/factories.ts";
import { fillArchiveSite, putSiteUploads } from "../../../tests/setup/archive-site.ts";
import { queuedJobs } from "../../../tests/setup/queued-jobs.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { readZip, writeZip } from "../../../tests/setup/zip-files.ts";
import { useJobSender } from "@/lib/job-registry";
import { settings } from "@/lib/settings.server";
import { useDatabase } from "@/lib/site-database.server";
import { LocalStore } from "@/modules/uploads/local-store.server";
import { drillState, requestDrill } from "./backup-drills.server";
import { writeBackup } from "./backups.server";
import { backupSite } from "./site-backups.server";

// The drill job keeps backups where the site's settings say: a folder of this test's, set
// before the settings are first read (the jobs' module reads them as it loads).
const dataDir = await vi.hoisted(async () => {
  const [fs, os, path] = await Promise.all([import("node:fs/promises"), import("node:os"), import("node:path")]);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "meh-drills-test-"));
  process.env.DATA_DIR = dir;
  return dir;
});

let handle: DbHandle;
let jobs: ReturnType<typeof queuedJobs>;

beforeAll(async () => {
  handle = await createTestDb();
  jobs = queuedJobs(handle);
  useJobSender(jobs.sender);
  useDatabase(handle);
  await insertUser(handle.db, owner);
  await fillArchiveSite(handle.db, owner.id);
});
afterAll(async () => {
  useJobSender(undefined);
  await handle.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await handle.db.delete(backups);
});

/** A backup of the test's site, kept where the settings keep them. */
async function backUp() {
  const store = new LocalStore(path.join(dataDir, "uploads"), handle.db);
  await putSiteUploads(store);
  return writeBackup(handle.db, backupSite(settings(), handle, store), { trigger: "test" });
}

const postCount = async () => (await handle.db.select({ n: count() }).from(posts))[0]?.n;

const owner = { id: 0, username: "owner", role: "admin" };
const startDrill = endpoints.find((e) => e.method === "POST" && e.path === "/api/data/backups/drill") as Endpoint;

it("refuses the admin's drill with 409 when there is no backup, saying why", async () => {
  const response = await callEndpoint(startDrill, { user: owner, params: {}, body: "{}" });
  expect(response.status).toBe(409);
  expect(await response.json()).toMatchObject({
    code: "conflict",
    error: "There is no backup to drill yet: back up first.",
  });
  expect(jobs.sent.map((job) => job.name)).not.toContain("restore-drill");
});

it("drills the newest backup through the job and keeps the result on its row, one drill at a time", async () => {
  const backup = await backUp();
  expect(await requestDrill(handle.db)).toBe(backup.name);
  expect((await drillState(handle.db)).running).toMatchObject({ name: backup.name });
  await expect(requestDrill(handle.db)).rejects.toMatchObject({ code: "conflict" });

  await jobs.runAll();
  const { running, last } = await drillState(handle.db);
  expect(running).toBeNull();
  expect(last).toMatchObject({ archive: backup.name, ok: true, differences: [] });
  expect(last?.tables.posts).toEqual({ expected: 4, restored: 4 });
}, 60_000);

it("records a tampered backup's drill as failed, naming the file, and leaves the live site's rows as they were", async () => {
  const backup = await backUp();
  const files = await readZip(backup.where);
  files.set("README.md", Buffer.from("Nothing to see here."));
  await writeZip(backup.where, files);
  const before = await postCount();

  await requestDrill(handle.db);
  await jobs.runAll();
  const { last } = await drillState(handle.db);
  expect(last).toMatchObject({ archive: backup.name, ok: false, tables: {} });
  expect(last?.differences.join(" ")).toMatch(/README\.md/);
  expect(await postCount()).toBe(before);
  // Its result is no mark that holds the next drill back.
  expect(await requestDrill(handle.db)).toBe(backup.name);
}, 60_000);
