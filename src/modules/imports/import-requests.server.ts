import { randomUUID } from "node:crypto";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import { type Db, tables } from "@/lib/db.server";
import { invalid } from "@/lib/errors";
import { sendJob } from "@/lib/job-registry";
import { receiveBody } from "@/modules/uploads/local-uploads.server";
import { exportFile, type ImportSite } from "./import-work.server";
import { cancelRun, confirmRun, createRun, runById, type ImportRun } from "./import-runs.server";
import type { ImportJson } from "./import-json";
import type { ImportOptions } from "./import-schemas";

const { importedMedia } = tables;

/** The largest export the site takes: a blog's whole history with its images. */
export const MAX_EXPORT_BYTES = 8 * 1024 ** 3;

/** A file name as the owner sees it: its last part, of printable characters, at most 200 of them. */
export function exportName(raw: string | null): string {
  const name = (raw ?? "")
    .split(/[\\/]/)
    .pop()
    ?.replace(/[^\p{L}\p{N} ._()-]/gu, "")
    .trim()
    .slice(0, 200);
  if (!name) throw invalid("Name the export's file", "name");
  return name;
}

/**
 * Take an uploaded export into the imports folder (whole, or not at all) and start its dry
 * run: nothing is written to the site until the owner confirms what the report says.
 */
export async function receiveExport(
  site: ImportSite,
  body: ReadableStream<Uint8Array> | null,
  fileName: string,
): Promise<ImportRun> {
  if (!body) throw invalid("Send the export's file as the body", "export");
  await mkdir(site.importsDir, { recursive: true });
  const file = newExportFile();
  const partial = path.join(site.importsDir, `${file}.part`);
  try {
    await receiveBody(body, MAX_EXPORT_BYTES, partial);
    await rename(partial, exportFile(site, file));
  } finally {
    await rm(partial, { force: true });
  }
  return adoptExport(site.db, file, fileName);
}

/** The file name an export waits under in the imports folder, unguessable and its own. */
export const newExportFile = (): string => `${randomUUID()}.export`;

/** Begin the dry run of an export already in the imports folder (under `file`). */
export async function adoptExport(db: Db, file: string, fileName: string): Promise<ImportRun> {
  const run = await createRun(db, fileName, path.basename(file));
  await sendJob("import", { runId: run.id });
  return run;
}

/** The owner's yes: the import begins, with their answers to the report. */
export async function confirmImport(db: Db, id: number, options: ImportOptions): Promise<void> {
  await confirmRun(db, id, options);
  await sendJob("import", { runId: id });
}

/** The owner's no, or stop: the run ends and its export's file is deleted; what it brought stays. */
export async function cancelImport(site: ImportSite, id: number): Promise<void> {
  const run = await cancelRun(site.db, id);
  await rm(exportFile(site, run.file), { force: true });
}

/** The images a run could not bring, with why: what the owner may send by hand. */
export async function failedMedia(db: Db, runId: number): Promise<{ ref: string; failure: string }[]> {
  const rows = await db
    .select({ ref: importedMedia.ref, failure: importedMedia.failure })
    .from(importedMedia)
    .where(and(eq(importedMedia.runId, runId), isNotNull(importedMedia.failure)))
    .orderBy(importedMedia.ref)
    .limit(500);
  return rows.map((row) => ({ ref: row.ref, failure: row.failure ?? "" }));
}

/** A run as the import screen shows it. */
export async function importView(db: Db, id: number): Promise<ImportJson> {
  const run = await runById(db, id);
  return {
    id: run.id,
    fileName: run.fileName,
    source: run.source,
    status: run.status,
    report: run.report,
    options: run.options,
    progress: run.progress,
    error: run.error,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    failedMedia: run.status === "done" || run.status === "importing" ? await failedMedia(db, id) : [],
  };
}
