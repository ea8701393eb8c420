import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { lookup } from "mrmime";
import type { DbHandle } from "../../../db/client";
import { runMigrations } from "../../../db/migrate";
import journal from "../../../db/migrations/meta/_journal.json";
import { conflict, type DomainError } from "@/lib/errors";
import { tables, type Db } from "@/lib/db.server";
import { markSeeded, SEEDED_KEY } from "@/modules/content/seed.server";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { isServedKey } from "@/modules/uploads/upload-keys";
import { UPLOADS_FOLDER, type Manifest } from "./archive-format";
import { TABLE_PARTS } from "./archive-tables.server";
import { restoreContent, type Counts } from "./restore-content.server";
import { emptyAllTables, moveSequences, tablesWithRows } from "./restore-rows.server";
import { DEFAULT_LIMITS, refuse, verifyArchive, type ArchiveLimits } from "./verify-archive.server";
import { ZipReader } from "./zip-reader.server";

/** Where a restore writes: a database (either engine) and the object store its uploads go to. */
export interface RestoreTarget {
  handle: DbHandle;
  store: ObjectStore;
}

export interface RestoreOptions {
  /** Empty a target that holds a site first; refused otherwise. */
  replace?: boolean;
  /** Run once the archive is verified, before a site the target holds is replaced (a backup of it). */
  beforeReplace?: () => Promise<void>;
  /** Told each step as it begins, in words for the owner. */
  progress?: (step: string) => void;
  limits?: ArchiveLimits;
  /** Where uploads wait between the zip and the store: the system's temporary folder unless said. */
  scratchDir?: string;
}

export interface RestoreSummary {
  manifest: Manifest;
  /** Rows restored per table. */
  tables: Counts;
  /** Uploads put into the store. */
  files: number;
  /** Whether the seeding mark was added (an archive without posts or videos): one app_state row more than it holds. */
  markedSeeded: boolean;
  ms: number;
}

/** Refuse an archive made under migrations this software does not have. */
function checkMigrations({ database }: Manifest): void {
  const known = journal.entries.length;
  if (database.migrations > known) {
    throw refuse(
      `The archive was made under ${String(database.migrations)} migrations (the last ${database.lastMigration ?? "?"}); this version of the site knows ${String(known)}: update the site first.`,
    );
  }
  const ours = journal.entries[database.migrations - 1]?.tag ?? null;
  if (database.migrations > 0 && ours !== database.lastMigration) {
    throw refuse(
      `The archive's schema ends with migration ${database.lastMigration ?? "?"} where this site's has ${ours ?? "?"}: it comes from another line of the software.`,
    );
  }
}

const CONTENT_TABLES = TABLE_PARTS.map((part) => part.table).filter((table) => table !== tables.appState);

/**
 * What a target holds that a restore would mix with: rows in any table an archive carries
 * (the sample posts and the admin a start makes among them), or the mark that the samples
 * were seeded once. The rows migrations write themselves (the content version) do not count.
 */
export async function siteContentIn(db: Db): Promise<string[]> {
  const held = await tablesWithRows(db, CONTENT_TABLES);
  const [seeded] = await db.select().from(tables.appState).where(eq(tables.appState.key, SEEDED_KEY));
  return seeded ? [...held, "the sample content's mark (app_state)"] : held;
}

/** The counts the manifest promises, against those restored: a file left out or cut down shows here. */
function checkCounts(manifest: Manifest, restored: Counts): void {
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const got = restored[table] ?? 0;
    if (got !== expected) {
      throw refuse(`The archive holds ${String(got)} rows of ${table} where its manifest counts ${String(expected)}.`);
    }
  }
}

/** Put every file under uploads/ into the store, each through a scratch file; returns how many. */
async function putUploads(
  zip: ZipReader,
  store: ObjectStore,
  scratchDir: string | undefined,
  say: (s: string) => void,
) {
  const paths = zip.pathsUnder(`${UPLOADS_FOLDER}/`);
  say(`Copying ${String(paths.length)} uploads into the store`);
  const dir = await mkdtemp(path.join(scratchDir ?? os.tmpdir(), "meh-restore-"));
  try {
    for (const entry of paths) {
      const key = entry.slice(UPLOADS_FOLDER.length + 1);
      if (!isServedKey(key)) throw refuse(`${entry} is not a name the site stores uploads under.`);
      const file = path.join(dir, "upload");
      await zip.saveAs(entry, file);
      await store.put(key, file, lookup(key) ?? "application/octet-stream");
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return paths.length;
}

const refuseFull = (held: string[]): DomainError =>
  conflict(
    `The target already holds a site (${held.join(", ")}). Restore into an empty data directory or database, or replace what is there.`,
  );

/**
 * Restore a site archive into `target`. The archive is verified whole first (every
 * checksum, its format, the limits against zip bombs, its names), the target's schema
 * brought to this software's migrations, and an archive from a newer schema refused. A
 * target that holds a site is refused unless `replace`, which empties it in the same
 * transaction. Every row then goes in, in one transaction, ids kept, derived columns made
 * again, the counts checked against the manifest and each sequence moved past the ids; the
 * uploads are put into the store before it commits, so a failure anywhere leaves the
 * database as it was (uploads put by then stay in the store, unnamed by any row, under keys
 * that never change).
 */
export async function restoreArchive(
  file: string,
  target: RestoreTarget,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const started = performance.now();
  const say = options.progress ?? (() => undefined);
  say(`Verifying ${path.basename(file)}`);
  const manifest = await verifyArchive(file, options.limits ?? DEFAULT_LIMITS);
  checkMigrations(manifest);
  say("Bringing the target's schema up to date");
  await runMigrations(target.handle);
  const db = target.handle.db;
  const held = await siteContentIn(db);
  if (held.length > 0 && !options.replace) throw refuseFull(held);
  if (held.length > 0) await options.beforeReplace?.();
  const zip = await ZipReader.open(file);
  try {
    let files = 0;
    const markedSeeded = !manifest.tables.posts && !manifest.tables.videos;
    const counts = await db.transaction(async (tx) => {
      if (held.length > 0) {
        say("Emptying the target");
        await emptyAllTables(tx);
      }
      say("Restoring rows");
      const restored = await restoreContent(tx, zip, manifest);
      checkCounts(manifest, restored);
      await moveSequences(tx);
      if (markedSeeded) await markSeeded(tx);
      files = await putUploads(zip, target.store, options.scratchDir, say);
      return restored;
    });
    return { manifest, tables: counts, files, markedSeeded, ms: performance.now() - started };
  } finally {
    zip.close();
  }
}
