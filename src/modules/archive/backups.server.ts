import { randomInt, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { DbEngine } from "../../../db/client";
import type { Db } from "@/lib/db.server";
import { invalid, notFound } from "@/lib/errors";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import type { Manifest } from "./archive-format";
import { backupName, PARTIAL_PREFIX, VERIFYING_PREFIX } from "./backup-names";
import {
  beginRun,
  claimRun,
  failRun,
  finishRun,
  forgetRuns,
  keptBackups,
  touchRun,
  type BackupRun,
} from "./backup-runs.server";
import type { BackupShelf } from "./backup-shelf.server";
import { verifyArchive } from "./verify-archive.server";
import { openArchive } from "./write-archive.server";

export interface BackupSite {
  shelf: BackupShelf;
  store: ObjectStore;
  engine: DbEngine;
  software: { name: string; version: string };
  /** How many backups are kept; older ones are deleted once this one is in place. */
  keep: number;
}

export interface BackupResult {
  name: string;
  bytes: number;
  /** Where it is, for its owner to read. */
  where: string;
}

// How often a run writes how far along it is: the screen's progress bar, and proof it is alive.
const PULSE_MS = 1_000;
// With no earlier backup to measure by, the bar nears the end of writing as bytes pass this.
const FIRST_GUESS_BYTES = 20 * 1024 ** 2;

const randomTail = () => Array.from({ length: 6 }, () => randomInt(36).toString(36)).join("");

// A verify fetches a bucket's backup and reads it twice: no verify takes this long.
const VERIFY_LEFT_AFTER_MS = 86_400_000;

/**
 * Delete what runs that stopped mid-way left behind (only one run goes at a time, so none is
 * another's), and copies fetched to be verified by a process that has long stopped.
 */
async function sweepPartials(dir: string): Promise<void> {
  for (const entry of await readdir(dir)) {
    const file = path.join(dir, entry);
    if (entry.startsWith(PARTIAL_PREFIX)) await rm(file, { force: true });
    else if (entry.startsWith(VERIFYING_PREFIX)) {
      const { mtimeMs } = await stat(file);
      if (Date.now() - mtimeMs > VERIFY_LEFT_AFTER_MS) await rm(file, { force: true });
    }
  }
}

/** The share of writing done, from bytes written and the last backup's size. */
function writingShare(written: number, estimate: number | undefined): number {
  return estimate ? Math.min(1, written / estimate) : 1 - Math.exp(-written / FIRST_GUESS_BYTES);
}

/** Write the archive to `file`, saying how many bytes have gone; resolves with its manifest once it is on disk. */
async function writeTo(db: Db, site: BackupSite, file: string, onBytes: (total: number) => void): Promise<Manifest> {
  const archive = await openArchive(db, {
    personalData: true,
    store: site.store,
    engine: site.engine,
    software: site.software,
  });
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      onBytes(written);
      done(null, chunk);
    },
  });
  await pipeline(archive.stream, counter, createWriteStream(file, { mode: 0o600 }));
  const manifest = await archive.done;
  // On disk before it is given its name, so a power cut cannot leave a named, empty file.
  const handle = await open(file, "r");
  await handle.sync().finally(() => handle.close());
  return manifest;
}

/** Delete the backups past the newest `keep`, and the records of failures older than those kept. */
async function prune(db: Db, shelf: BackupShelf, keep: number): Promise<void> {
  const kept = await keptBackups(db);
  const old = kept.slice(keep);
  for (const run of old) if (run.name) await shelf.remove(run.name);
  await forgetRuns(
    db,
    old.map((run) => run.id),
    kept[Math.min(keep, kept.length) - 1]?.startedAt,
  );
}

/**
 * Back the whole site up, personal data included (a backup must restore everything): the
 * archive is written under a temporary name in the shelf's work folder, verified as a
 * restore would read it, and only then placed under its own name, so a crash or a kill at
 * any moment leaves nothing that looks like a backup; the next run sweeps what it left.
 * Keeps the newest `keep`. The run is recorded (`runId`, when the admin's request began it
 * already); one that fails records why and throws.
 */
export async function writeBackup(
  db: Db,
  site: BackupSite,
  run: { trigger: string } | { runId: number },
): Promise<BackupResult> {
  const id = "runId" in run ? run.runId : await beginRun(db, run.trigger);
  if ("runId" in run && !(await claimRun(db, id))) throw invalid("That backup has ended already.", "runId");
  const estimate = (await keptBackups(db))[0]?.bytes ?? undefined;
  let progress = 0;
  let told = Promise.resolve();
  const pulse = setInterval(() => {
    told = touchRun(db, id, progress).catch(() => undefined);
  }, PULSE_MS);
  const temp = path.join(site.shelf.workDir, `${PARTIAL_PREFIX}${randomUUID()}.zip`);
  try {
    await mkdir(site.shelf.workDir, { recursive: true, mode: 0o700 });
    await sweepPartials(site.shelf.workDir);
    progress = 0.05;
    let bytes = 0;
    const manifest = await writeTo(db, site, temp, (total) => {
      bytes = total;
      progress = 0.05 + 0.75 * writingShare(total, estimate);
    });
    progress = 0.85;
    await verifyArchive(temp);
    progress = 0.95;
    const name = backupName(new Date(manifest.createdAt), randomTail());
    await site.shelf.place(temp, name);
    clearInterval(pulse);
    await told;
    await finishRun(db, id, { name, bytes, tables: manifest.tables });
    await prune(db, site.shelf, site.keep);
    return { name, bytes, where: site.shelf.where(name) };
  } catch (error) {
    clearInterval(pulse);
    await told;
    await failRun(db, id, error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

/** The kept backup called `name`, or not_found. */
async function kept(db: Db, name: string): Promise<BackupRun> {
  const run = (await keptBackups(db)).find((r) => r.name === name);
  if (!run) throw notFound("Backup");
  return run;
}

/** A kept backup's bytes as they are read, with its size; not_found when it or its file is gone. */
export async function openBackup(db: Db, shelf: BackupShelf, name: string) {
  await kept(db, name);
  const file = await shelf.open(name);
  if (!file) throw notFound("Backup file");
  return file;
}

/**
 * Hand `use` a local file holding the kept backup `name` (a bucket's is fetched to the shelf's
 * work folder first, and removed once `use` is done); not_found when it or its file is gone.
 */
export async function withLocalBackup<T>(
  db: Db,
  shelf: BackupShelf,
  name: string,
  use: (file: string) => Promise<T>,
): Promise<T> {
  await kept(db, name);
  const scratch = path.join(shelf.workDir, `${VERIFYING_PREFIX}${randomUUID()}.zip`);
  try {
    const file = await shelf.local(name, scratch);
    if (!file) throw notFound("Backup file");
    return await use(file);
  } finally {
    await rm(scratch, { force: true });
  }
}

/** Check a kept backup as a restore would (every checksum, the format); its manifest, or invalid naming the fault. */
export function verifyBackup(db: Db, shelf: BackupShelf, name: string): Promise<Manifest> {
  return withLocalBackup(db, shelf, name, verifyArchive);
}
