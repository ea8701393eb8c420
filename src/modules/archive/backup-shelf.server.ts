import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import type { S3Settings } from "@/lib/settings.server";
import { S3Store, s3Client } from "@/modules/uploads/s3-store.server";
import { BACKUPS_FOLDER } from "@/modules/uploads/upload-keys";
import { isBackupName } from "./backup-names";

/**
 * Where finished backups are kept: a folder, or a bucket under `backups/`. Either way a
 * backup is first written and verified in `workDir` on this machine, and only then placed
 * under its name, whole.
 */
export interface BackupShelf {
  /** A folder of this machine for backups being written (and, for a bucket, read back to verify). */
  workDir: string;
  /** Put the verified file at `file` (in `workDir`) under `name`; once this resolves it is there whole. */
  place(file: string, name: string): Promise<void>;
  /** The backup's bytes as they are read, with its size, or null when there is none by that name. */
  open(name: string): Promise<{ body: Readable; size: number } | null>;
  /** The backup as a file of this machine, fetched into `workDir` if need be; null when there is none. */
  local(name: string, scratch: string): Promise<string | null>;
  remove(name: string): Promise<void>;
  /** Where the backup is, for its owner to read. */
  where(name: string): string;
}

function named(name: string): string {
  if (!isBackupName(name)) throw new Error(`Not a backup's name: ${name}`);
  return name;
}

/** Backups in a folder (`DATA_DIR/backups`): written beside it and renamed, which is atomic on one disk. */
export function folderShelf(dir: string): BackupShelf {
  const file = (name: string) => path.join(dir, named(name));
  const local = async (name: string) => (await stat(file(name)).catch(() => null)) && file(name);
  return {
    workDir: dir,
    place: (temp, name) => rename(temp, file(name)),
    open: async (name) => {
      const found = await stat(file(name)).catch(() => null);
      return found && { body: createReadStream(file(name)), size: found.size };
    },
    local,
    remove: (name) => rm(file(name), { force: true }),
    where: file,
  };
}

/**
 * Backups in a bucket under `backups/`. An object appears whole or not at all, so the file
 * verified on this machine is uploaded under its final key; the upload streams it, so a
 * backup of any size takes bounded memory.
 */
export function bucketShelf(settings: S3Settings, workDir: string): BackupShelf {
  const store = new S3Store(settings);
  const client = s3Client(settings);
  const key = (name: string) => `${BACKUPS_FOLDER}/${named(name)}`;
  return {
    workDir,
    place: async (file, name) => {
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: key(name),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: "application/zip",
        }),
      );
    },
    open: (name) => store.stream(key(name)),
    local: async (name, scratch) => {
      const object = await store.stream(key(name));
      if (!object) return null;
      await mkdir(path.dirname(scratch), { recursive: true });
      await pipeline(object.body, createWriteStream(scratch, { mode: 0o600 }));
      return scratch;
    },
    remove: (name) => store.remove(key(name)),
    where: (name) => `s3://${settings.bucket}/${key(name)}`,
  };
}
