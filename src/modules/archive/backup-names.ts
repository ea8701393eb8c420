import { z } from "zod";

// backup-2026-11-28-031700-k3f9qa.zip: when its rows were read (UTC), and a random tail so
// two backups in one second never share a name. Nothing else is ever a backup's name, so a
// name from a request cannot reach outside the backups folder or prefix.
const BACKUP_NAME = /^backup-\d{4}-\d{2}-\d{2}-\d{6}-[a-z0-9]{6}\.zip$/;

/** A backup's name as a request gives it. */
export const backupNameSchema = z.string().regex(BACKUP_NAME, "is not the name of a backup");

/** What a backup is written under until it is verified: never a backup's name, and swept by the next run. */
export const PARTIAL_PREFIX = ".partial-";

/** A copy of a bucket's backup fetched to be verified: swept once a day old, as a verify may be under way. */
export const VERIFYING_PREFIX = ".verifying-";

/**
 * The name a backup whose rows were read at `takenAt` is kept under.
 * @example backupName(new Date("2026-11-28T03:17:00Z"), "k3f9qa") // "backup-2026-11-28-031700-k3f9qa.zip"
 */
export function backupName(takenAt: Date, tail: string): string {
  const [day = "", time = ""] = takenAt.toISOString().split("T");
  return `backup-${day}-${time.slice(0, 8).replaceAll(":", "")}-${tail}.zip`;
}

/** Whether `name` is a backup's, as `backupName` makes them. */
export const isBackupName = (name: string): boolean => BACKUP_NAME.test(name);
