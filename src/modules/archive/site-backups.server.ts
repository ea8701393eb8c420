import path from "node:path";
import { name, version } from "../../../package.json";
import type { DbHandle } from "../../../db/client";
import type { Settings } from "@/lib/settings.server";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { bucketShelf, folderShelf, type BackupShelf } from "./backup-shelf.server";
import type { BackupSite } from "./backups.server";

/** The folder backups are kept in, or, with a bucket, written and checked in before they go up. */
export const backupsDir = (settings: Settings): string => path.join(settings.dataDir, "backups");

/** Where the settings keep backups: under `backups/` in the bucket when there is one, else `DATA_DIR/backups`. */
export const backupShelf = (settings: Settings): BackupShelf =>
  settings.s3 ? bucketShelf(settings.s3, backupsDir(settings)) : folderShelf(backupsDir(settings));

/** Everything a backup of the site the settings describe needs, its uploads read from `store`. */
export function backupSite(settings: Settings, handle: DbHandle, store: ObjectStore): BackupSite {
  return {
    shelf: backupShelf(settings),
    store,
    engine: handle.engine,
    software: { name, version },
    keep: settings.backup.keep,
  };
}
