/** A backup older than this is worth a warning: the daily one has been missed twice. */
export const STALE_AFTER_MS = 2 * 86_400_000;

/** A run as the health reads it. */
interface RunFacts {
  status: string;
  startedAt: Date;
  bytes: number | null;
  error: string | null;
}

/** How the site's backups stand, for the dashboard: its newest backup, and what is wrong, if anything. */
export type BackupHealth =
  | { state: "never" }
  | { state: "failed"; at: Date; reason: string; newest?: { at: Date; bytes: number } }
  | { state: "stale" | "fresh"; newest: { at: Date; bytes: number } };

/**
 * How backups stand given the last run that ended and the newest backup kept: none ever
 * made, the last run failed, the newest older than two days, or fine.
 * @example backupHealth(undefined, undefined, new Date()) // { state: "never" }
 */
export function backupHealth(
  lastEnded: RunFacts | undefined,
  newestKept: RunFacts | undefined,
  now: Date,
): BackupHealth {
  const newest = newestKept && { at: newestKept.startedAt, bytes: newestKept.bytes ?? 0 };
  if (lastEnded?.status === "failed") {
    return { state: "failed", at: lastEnded.startedAt, reason: lastEnded.error ?? "No reason was given.", newest };
  }
  if (!newest) return { state: "never" };
  return { state: now.getTime() - newest.at.getTime() > STALE_AFTER_MS ? "stale" : "fresh", newest };
}
