import type { DrillResult } from "../../../db/schema/backups";
import { countOf, formatDuration } from "@/lib/format";
import { BACKUPS_FOLDER } from "@/modules/uploads/upload-keys";

/** What the data screen says when "Download everything" came back to it (`?download=`). */
export const DOWNLOAD_MESSAGES: Readonly<Record<string, string>> = {
  busy: "An archive is being made already. Try again once it has downloaded.",
  unanswered: "Say whether to include personal data, then download.",
  failed: "The archive could not be made. The site's log says why.",
  reauthenticate:
    "A download of everything asks who you are again after ten minutes. Confirm it when asked (it needs JavaScript), or sign out and in again, then download.",
};

/**
 * Where backups are kept, as the owner would look for them.
 * @example backupsPlace(undefined) // "DATA_DIR/backups"
 */
export const backupsPlace = (bucket: string | undefined): string =>
  bucket ? `s3://${bucket}/${BACKUPS_FOLDER}/` : `DATA_DIR/${BACKUPS_FOLDER}`;

/**
 * What a backup holds, in words, from its manifest's row counts.
 * @example contentsText({ posts: 12, videos: 1, newsletter_subscribers: 40 }) // "12 posts, 1 video, 40 readers"
 */
export function contentsText(tables: Record<string, number>): string {
  return [
    countOf(tables.posts ?? 0, "post"),
    countOf(tables.videos ?? 0, "video"),
    countOf(tables.newsletter_subscribers ?? 0, "reader"),
  ].join(", ");
}

/**
 * When backups run, in words when the schedule is a time each day, else the schedule itself.
 * @example scheduleText("17 3 * * *") // "every day at 03:17 UTC"
 * @example scheduleText("0 *\/6 * * *") // "on the schedule 0 *\/6 * * * (UTC)"
 */
export function scheduleText(cron: string): string {
  const [, minute = "", hour = ""] = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(cron.trim()) ?? [];
  if (!minute) return `on the schedule ${cron} (UTC)`;
  return `every day at ${hour.padStart(2, "0")}:${minute.padStart(2, "0")} UTC`;
}

/**
 * How long a drill took, to the tenth of a second under a minute.
 * @example drillTookText(3_240) // "3.2 s"
 * @example drillTookText(65_000) // "1:05"
 */
export const drillTookText = (ms: number): string =>
  ms < 60_000 ? `${(Math.max(ms, 100) / 1000).toFixed(1)} s` : formatDuration(ms / 1000);

/**
 * What a drill found, in a sentence: OK with the tables it counted, or what differed.
 * @example drillOutcomeText({ ok: true, differences: [], tables: { posts: …, users: … } }) // "OK: all 2 tables hold the rows the manifest counts."
 */
export function drillOutcomeText(result: Pick<DrillResult, "ok" | "differences" | "tables">): string {
  if (result.ok)
    return `OK: all ${String(Object.keys(result.tables).length)} tables hold the rows the manifest counts.`;
  return `Failed: ${result.differences.join("; ")}`;
}
