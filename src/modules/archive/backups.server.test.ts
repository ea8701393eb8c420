import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { backups } from "../../../db/schema/index.ts";
import { insertUser } from "../../../tests/factories.ts";
import { fillArchiveSite, putSiteUploads } from "../../../tests/setup/archive-site.ts";
import { fakeS3Settings, startFakeS3, type FakeS3 } from "../../../tests/setup/fake-s3.ts";
import { readZip, writeZip } from "../../../tests/setup/zip-files.ts";
import { queuedJobs } from "../../../tests/setup/queued-jobs.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { useJobSender } from "@/lib/job-registry";
import { LocalStore } from "@/modules/uploads/local-store.server";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { isBackupName, PARTIAL_PREFIX } from "./backup-names";
import { activeRun, beginRun, keptBackups, lastEndedRun } from "./backup-runs.server";
import { bucketShelf, folderShelf, type BackupShelf } from "./backup-shelf.server";
import { openBackup, verifyBackup, writeBackup, type BackupSite } from "./backups.server";

const S3 = { bucket: "meh-backups", region: "eu-west-3", accessKeyId: "AKIDBACKUP", secretAccessKey: "backup-secret" };
const software = { name: "meh-moments", version: "0.0.0-test" };

let handle: DbHandle;
let fake: FakeS3;
let dir: string;
let store: ObjectStore;

beforeAll(async () => {
  handle = await createTestDb();
  useJobSender(queuedJobs(handle).sender);
  fake = await startFakeS3(S3);
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-backups-test-"));
  store = new LocalStore(path.join(dir, "uploads"), handle.db);
  await putSiteUploads(store);
  const owner = { id: 0, username: "owner", role: "admin" };
  await insertUser(handle.db, owner);
  await fillArchiveSite(handle.db, owner.id);
});
afterAll(async () => {
  useJobSender(undefined);
  await fake.close();
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await handle.db.delete(backups);
});

const site = (shelf: BackupShelf, keep = 7): BackupSite => ({ shelf, store, engine: handle.engine, software, keep });
const backupFiles = async (folder: string) => (await readdir(folder)).sort();

describe("in a folder", () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(dir, "shelf-"));
  });

  it("writes a verified archive with personal data under a backup's name, and records it", async () => {
    const result = await writeBackup(handle.db, site(folderShelf(folder)), { trigger: "test" });
    expect(isBackupName(result.name)).toBe(true);
    expect(result.where).toBe(path.join(folder, result.name));
    expect(await backupFiles(folder)).toEqual([result.name]);
    expect((await stat(result.where)).size).toBe(result.bytes);
    expect((await stat(result.where)).mode & 0o777).toBe(0o600);

    const [run] = await keptBackups(handle.db);
    expect(run).toMatchObject({ status: "ok", name: result.name, bytes: result.bytes, progress: 1, trigger: "test" });
    expect(run?.tables).toMatchObject({ posts: 4, users: 1, newsletter_deliveries: 2 });
    const manifest = await verifyBackup(handle.db, folderShelf(folder), result.name);
    expect(manifest.personalData).toBe(true);
    expect(manifest.tables).toEqual(run?.tables);
    const opened = await openBackup(handle.db, folderShelf(folder), result.name);
    expect(opened.size).toBe(result.bytes);
    opened.body.destroy();
  });

  it("keeps the newest BACKUP_KEEP and deletes the older ones' files and records", async () => {
    const names: string[] = [];
    for (let i = 0; i < 3; i++)
      names.push((await writeBackup(handle.db, site(folderShelf(folder), 2), { trigger: "test" })).name);
    expect(await backupFiles(folder)).toEqual(names.slice(1).sort());
    expect((await keptBackups(handle.db)).map((run) => run.name)).toEqual(names.slice(1).reverse());
    await expect(verifyBackup(handle.db, folderShelf(folder), names[0] ?? "")).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("never lists a partial or tampered temporary, and sweeps it at the next run", async () => {
    await writeFile(path.join(folder, `${PARTIAL_PREFIX}left-by-a-crash.zip`), "PK\u0003\u0004 cut short");
    expect(await keptBackups(handle.db)).toEqual([]);
    const result = await writeBackup(handle.db, site(folderShelf(folder)), { trigger: "test" });
    expect(await backupFiles(folder)).toEqual([result.name]);
  });

  it("records a failed run with its reason, and leaves no file under a backup's name", async () => {
    // The folder's own store, but for a read that fails part-way.
    const failing: ObjectStore = Object.assign(Object.create(store) as ObjectStore, {
      stream: () =>
        Promise.resolve({
          body: new Readable({
            read() {
              this.destroy(new Error("The disk holding the uploads went away"));
            },
          }),
          size: 10,
        }),
    });
    await expect(
      writeBackup(handle.db, { ...site(folderShelf(folder)), store: failing }, { trigger: "test" }),
    ).rejects.toThrow(/went away/);
    expect(await backupFiles(folder)).toEqual([]);
    expect(await lastEndedRun(handle.db)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/went away/) as unknown,
    });
    expect(await activeRun(handle.db)).toBeUndefined();
  });

  it("refuses a second run while one is going, and a name that is not a backup's", async () => {
    await beginRun(handle.db, "elsewhere");
    await expect(writeBackup(handle.db, site(folderShelf(folder)), { trigger: "test" })).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(openBackup(handle.db, folderShelf(folder), "../db")).rejects.toMatchObject({ code: "not_found" });
  });

  it("finds a tampered backup out, naming the file", async () => {
    const result = await writeBackup(handle.db, site(folderShelf(folder)), { trigger: "test" });
    const files = await readZip(result.where);
    files.set("README.md", Buffer.from("Nothing to see here."));
    await writeZip(result.where, files);
    await expect(verifyBackup(handle.db, folderShelf(folder), result.name)).rejects.toThrow(/README\.md/);
  });
});

describe("in a bucket", () => {
  it("uploads only the verified archive, under backups/, and keeps the newest BACKUP_KEEP", async () => {
    const work = await mkdtemp(path.join(dir, "work-"));
    const shelf = bucketShelf(fakeS3Settings(fake, S3), work);
    const first = await writeBackup(handle.db, site(shelf, 1), { trigger: "test" });
    expect(first.where).toBe(`s3://${S3.bucket}/backups/${first.name}`);
    expect(fake.objects.get(`backups/${first.name}`)?.body.length).toBe(first.bytes);
    expect(await readdir(work)).toEqual([]);
    expect((await verifyBackup(handle.db, shelf, first.name)).personalData).toBe(true);

    const second = await writeBackup(handle.db, site(shelf, 1), { trigger: "test" });
    const keys = [...fake.objects.keys()].filter((key) => key.startsWith("backups/"));
    expect(keys).toEqual([`backups/${second.name}`]);
    expect(await readdir(work)).toEqual([]);
  });
});
