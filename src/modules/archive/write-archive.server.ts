import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import type { Readable } from "node:stream";
import type { DbEngine } from "../../../db/client";
import type { Db } from "@/lib/db.server";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { ARCHIVE_FORMAT, FORMAT_VERSION, MANIFEST_PATH, type Manifest } from "./archive-format";
import { archiveEntries } from "./archive-entries.server";
import { ALWAYS_LEFT_OUT, PERSONAL_LEFT_OUT, TABLE_PARTS } from "./archive-tables.server";
import { readSnapshot, type Snapshot } from "./snapshot.server";
import { ZipWriter } from "./zip-writer.server";

export interface ArchiveOptions {
  /** Users, newsletter readers, the delivery ledger and the signing keys too. */
  personalData: boolean;
  store: ObjectStore;
  engine: DbEngine;
  software: { name: string; version: string };
  /** Where rows wait between the snapshot and the zip: the system's temporary folder (TMPDIR) unless said. */
  scratchDir?: string;
}

export interface SiteArchive {
  /** The zip as it is made, read at the pace its reader takes it. */
  stream: Readable;
  /** When the rows were read: the moment the archive shows. */
  createdAt: Date;
  /** How long reading the rows held the database's snapshot open. */
  readMs: number;
  /** The manifest, once the last byte has been read; rejects when the archive failed or was stopped. */
  done: Promise<Manifest>;
  /** Stop, closing what is being read and removing the rows kept meanwhile; does nothing once done. */
  stop(reason?: Error): void;
}

function manifestOf(snapshot: Snapshot, writer: ZipWriter, missing: string[], options: ArchiveOptions): Manifest {
  return {
    format: ARCHIVE_FORMAT,
    formatVersion: FORMAT_VERSION,
    software: options.software,
    createdAt: snapshot.takenAt.toISOString(),
    database: {
      engine: options.engine === "postgres" ? "postgres" : "embedded",
      migrations: snapshot.migrations,
      lastMigration: snapshot.lastMigration,
    },
    personalData: options.personalData,
    tables: snapshot.counts,
    files: [...writer.files],
    missingUploads: missing,
    leftOut: options.personalData ? [...ALWAYS_LEFT_OUT] : [...ALWAYS_LEFT_OUT, PERSONAL_LEFT_OUT],
  };
}

/**
 * Begin an archive of the whole site. Every row is read first, in one snapshot, into files
 * of a scratch folder (see `readSnapshot`); the zip is then made from them and from the
 * object store as it is read, and the folder removed when it ends however it ends. Resolves
 * once the rows are read, before any of the zip is made.
 */
export async function openArchive(db: Db, options: ArchiveOptions): Promise<SiteArchive> {
  const scratch = await mkdtemp(path.join(options.scratchDir ?? os.tmpdir(), "meh-archive-"));
  const parts = TABLE_PARTS.filter((part) => options.personalData || !part.personal);
  let snapshot: Snapshot;
  try {
    snapshot = await readSnapshot(db, parts, scratch);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
  const writer = new ZipWriter(snapshot.takenAt);
  const missing: string[] = [];
  const done = (async () => {
    try {
      for await (const entry of archiveEntries(snapshot, options.store, missing)) await writer.add(entry);
      // Made when its turn comes, once every other file has been read and measured.
      let manifest: Manifest | undefined;
      await writer.finish({
        path: MANIFEST_PATH,
        make: () => JSON.stringify((manifest = manifestOf(snapshot, writer, missing, options)), null, 2),
      });
      await finished(writer.output);
      if (!manifest) throw new Error("The archive ended without its manifest");
      return manifest;
    } catch (error) {
      writer.fail(error instanceof Error ? error : new Error(String(error)));
      throw writer.failure ?? error;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  })();
  // Whoever reads the zip learns of a failure from it; this promise is for those who ask.
  done.catch(() => undefined);
  return {
    stream: writer.output,
    createdAt: snapshot.takenAt,
    readMs: snapshot.readMs,
    done,
    stop: (reason = new Error("The archive was stopped")) => {
      writer.fail(reason);
    },
  };
}
