import { formatBytes } from "@/lib/format";
import type { ImportProgress, ImportStatus } from "../../../db/schema/imports.ts";
import type { ImportReport } from "./import-schemas";
import type { SourceKind } from "./source-item";

/** Each kind of export as the owner knows it. */
export const SOURCE_NAMES: Record<SourceKind, string> = {
  wordpress: "WordPress",
  ghost: "Ghost",
  substack: "Substack",
  medium: "Medium",
  markdown: "Markdown folder",
  archive: "Site archive",
};

/** Where an import stands, in the owner's words. */
export const STATUS_WORDS: Record<ImportStatus, string> = {
  reading: "Reading the export",
  planned: "Waiting for you",
  importing: "Importing",
  done: "Done",
  failed: "Stopped",
  cancelled: "Cancelled",
};

/** While an import is read or written, the screen asks again this often. */
const LIVE_MS = 1500;

/** A query's refetch interval: live while the import works, none once it waits or has ended. */
export const liveWhileWorking = (status: ImportStatus | undefined): number | false =>
  status === "reading" || status === "importing" ? LIVE_MS : false;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/**
 * How far an import has come, as the progress bar's words say it.
 * @example progressText({ itemsDone: 212, itemsTotal: 480, bytesDone: 1.2e9, bytesTotal: 3e9, keptAsDrafts: 0, refused: 0, refusals: [] }) // "212 of 480 posts, 1.1 GB of 2.8 GB images"
 */
export function progressText(progress: ImportProgress): string {
  const items = `${progress.itemsDone.toLocaleString("en")} of ${plural(progress.itemsTotal, "post")}`;
  if (!progress.bytesTotal) return items;
  return `${items}, ${formatBytes(progress.bytesDone)} of ${formatBytes(progress.bytesTotal)} images`;
}

/** What an ended import did, in a sentence. */
export function outcomeText(progress: ImportProgress, failedImages: number): string {
  const parts = [`${plural(progress.itemsDone - progress.refused, "post")} brought in`];
  if (progress.keptAsDrafts)
    parts.push(`${plural(progress.keptAsDrafts, "post")} kept as drafts (an image has no description)`);
  if (progress.refused) parts.push(`${plural(progress.refused, "item")} left out`);
  if (failedImages) parts.push(`${plural(failedImages, "image")} could not be brought`);
  return `${parts.join("; ")}.`;
}

/** The dry run's report as the command prints it: what the export holds, and what importing it would do. */
export function reportText(report: ImportReport): string {
  const { items, images } = report;
  const lines = [
    `A ${SOURCE_NAMES[report.source]} export${report.siteUrl ? ` from ${report.siteUrl}` : ""}${report.flavor ? ` (${report.flavor})` : ""}`,
    `  ${plural(items.posts, "post")}, ${plural(items.pages, "page")}: ${items.published.toLocaleString("en")} published, ${items.drafts.toLocaleString("en")} drafts, ${items.scheduled.toLocaleString("en")} scheduled`,
  ];
  if (items.videos)
    lines.push(
      `  ${plural(items.videos, "video")} stay behind: an import brings posts (restore the archive for the rest)`,
    );
  if (items.alreadyImported) lines.push(`  ${plural(items.alreadyImported, "item")} imported before: left as they are`);
  lines.push(
    `  ${plural(images.total, "image")}: ${images.inExport.toLocaleString("en")} in the export, ${images.toFetch.toLocaleString("en")} to fetch, ${images.missingCount.toLocaleString("en")} missing`,
  );
  for (const missing of images.missing) lines.push(`    missing: ${missing.ref} (${missing.item}): ${missing.reason}`);
  for (const clash of report.slugClashes)
    lines.push(`  "${clash.item}": ${clash.slug} is taken, so it becomes ${clash.becomes}`);
  for (const [what, count] of Object.entries(report.skipped))
    lines.push(`  left behind: ${count.toLocaleString("en")} ${what}`);
  for (const { what, count } of report.dropped)
    lines.push(`  cannot be carried: ${what} (in ${plural(count, "post")})`);
  for (const { item, reason } of report.refused) lines.push(`  cannot be imported: "${item}": ${reason}`);
  lines.push(`  ${plural(report.oldPaths, "old address", "old addresses")} will lead to the new pages`);
  if (report.terms.length) {
    lines.push(
      `  categories and tags: ${report.terms.map((t) => `${t.name} (${t.count.toLocaleString("en")})`).join(", ")}`,
    );
  }
  return lines.join("\n");
}
