import { rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db.server";
import { DomainError } from "@/lib/errors";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import type { FetchLimits } from "./fetch-media.server";
import { importOptionsSchema, importReportSchema } from "./import-schemas";
import { claimRun, failRun, finishRun, planRun, runById, stillRunning, touchRun } from "./import-runs.server";
import { openExport } from "./open-export.server";
import { planImport } from "./plan-import.server";
import { runImport } from "./run-import.server";

/** Where an import works: the site's database and store, the folder its exports wait in, and how it fetches. */
export interface ImportSite {
  db: Db;
  store: ObjectStore;
  /** Where uploaded exports wait until their import ends (`DATA_DIR/imports`). */
  importsDir: string;
  fetch: FetchLimits;
}

/** The export's file of a run, in the imports folder. */
export const exportFile = (site: ImportSite, file: string): string => path.join(site.importsDir, path.basename(file));

/**
 * Do what a run waits for, in this process, if no other live one holds it: read an export
 * for its dry run, or import it once confirmed, resuming where an earlier attempt stopped.
 * An export the owner must fix ends the run with the reason; anything else is thrown, so the
 * job is tried again (and resumes).
 */
export async function workOnRun(site: ImportSite, runId: number): Promise<void> {
  const { db } = site;
  if (!(await claimRun(db, runId))) return;
  const run = await runById(db, runId);
  const file = exportFile(site, run.file);
  let opened: Awaited<ReturnType<typeof openExport>> | undefined;
  try {
    opened = await openExport(file, run.fileName);
    const { reader, origin, flavor } = opened;
    if (run.status === "reading") {
      const report = await planImport(db, {
        reader,
        origin,
        flavor,
        fetch: site.fetch,
        onItem: async (read) => {
          if (read % 50 === 0)
            await touchRun(db, runId, {
              itemsDone: read,
              itemsTotal: 0,
              bytesDone: 0,
              bytesTotal: 0,
              keptAsDrafts: 0,
              refused: 0,
              refusals: [],
            });
        },
      });
      await planRun(db, runId, reader.kind, report);
      return;
    }
    const progress = await runImport(db, {
      reader,
      origin,
      store: site.store,
      runId,
      scratchDir: site.importsDir,
      fetch: site.fetch,
      options: importOptionsSchema.parse(run.options),
      report: importReportSchema.parse(run.report),
    });
    if (!(await stillRunning(db, runId))) return;
    await finishRun(db, runId, progress);
    await rm(file, { force: true });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await failRun(db, runId, error.message);
  } finally {
    await opened?.reader.close();
  }
}
