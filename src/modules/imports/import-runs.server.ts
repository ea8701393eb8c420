import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { ImportProgress, ImportStatus } from "../../../db/schema/imports.ts";
import { type Db, tables } from "@/lib/db.server";
import { errorCode, UNIQUE_VIOLATION } from "@/lib/database-errors";
import { conflict, invalid, notFound } from "@/lib/errors";
import { holderGone, THIS_PROCESS } from "@/lib/process-holder.server";
import type { ImportOptions, ImportReport } from "./import-schemas";
import type { SourceKind } from "./source-item";

const { importRuns } = tables;

/** A run untouched this long while reading or importing stopped without saying so, and is resumed. */
export const STALE_AFTER_MS = 60_000;

export type ImportRun = typeof importRuns.$inferSelect;

/** The statuses in which a process works on a run. */
const WORKING: ImportStatus[] = ["reading", "importing"];

/** A new run for an export the owner sent, waiting for its dry run. */
export async function createRun(db: Db, fileName: string, file: string): Promise<ImportRun> {
  const [run] = await db.insert(importRuns).values({ fileName, file }).returning();
  if (!run) throw new Error("Insert returned no row");
  return run;
}

export async function runById(db: Db, id: number): Promise<ImportRun> {
  const [run] = await db.select().from(importRuns).where(eq(importRuns.id, id)).limit(1);
  if (!run) throw notFound("Import");
  return run;
}

/** The newest runs first, as the import screen lists them. */
export function listRuns(db: Db, limit = 20): Promise<ImportRun[]> {
  return db.select().from(importRuns).orderBy(desc(importRuns.createdAt), desc(importRuns.id)).limit(limit);
}

/**
 * Take a run to work on, in this process: one that waits for work (no holder yet), or
 * whose holder stopped (gone from this machine, or silent for a minute). False when
 * another live process holds it, or it is not one to work on.
 */
export async function claimRun(db: Db, id: number, now = new Date()): Promise<boolean> {
  const [run] = await db.select().from(importRuns).where(eq(importRuns.id, id)).limit(1);
  if (!run || !WORKING.includes(run.status)) return false;
  const free =
    run.holder === null ||
    run.holder === THIS_PROCESS ||
    holderGone(run.holder) ||
    run.updatedAt.getTime() < now.getTime() - STALE_AFTER_MS;
  if (!free) return false;
  // Only if no one else took it since it was read.
  const claimed = await db
    .update(importRuns)
    .set({ holder: THIS_PROCESS, updatedAt: now })
    .where(
      and(
        eq(importRuns.id, id),
        eq(importRuns.updatedAt, run.updatedAt),
        run.holder === null ? isNull(importRuns.holder) : eq(importRuns.holder, run.holder),
      ),
    )
    .returning({ id: importRuns.id });
  return claimed.length === 1;
}

/** Runs that were being worked on by a process that stopped: what a start or the minute's sweep resumes. */
export async function abandonedRuns(db: Db, now = new Date()): Promise<number[]> {
  const working = await db.select().from(importRuns).where(inArray(importRuns.status, WORKING));
  return working
    .filter(
      (run) =>
        run.holder === null || holderGone(run.holder) || run.updatedAt.getTime() < now.getTime() - STALE_AFTER_MS,
    )
    .map((run) => run.id);
}

/** Note how far a run has come; it also says the process holding it is alive. */
export async function touchRun(db: Db, id: number, progress: ImportProgress): Promise<void> {
  await db.update(importRuns).set({ progress, updatedAt: new Date() }).where(eq(importRuns.id, id));
}

/** The dry run is done: the report waits for the owner. */
export async function planRun(db: Db, id: number, source: SourceKind, report: ImportReport): Promise<void> {
  await db
    .update(importRuns)
    .set({ source, report, status: "planned", holder: null, updatedAt: new Date() })
    .where(and(eq(importRuns.id, id), eq(importRuns.status, "reading")));
}

/**
 * The owner confirmed: the run imports with their options. One run imports at a time (the
 * database's own unique index), so a second confirm while one imports is a 409.
 */
export async function confirmRun(db: Db, id: number, options: ImportOptions): Promise<void> {
  const run = await runById(db, id);
  if (run.status !== "planned") throw conflict(`This import is ${run.status}, not waiting to be confirmed.`);
  try {
    await db
      .update(importRuns)
      .set({ options, status: "importing", holder: null, updatedAt: new Date() })
      .where(and(eq(importRuns.id, id), eq(importRuns.status, "planned")));
  } catch (error) {
    if (errorCode(error) === UNIQUE_VIOLATION) {
      throw conflict("Another import is running; confirm this one when it has finished.");
    }
    throw error;
  }
}

export async function finishRun(db: Db, id: number, progress: ImportProgress): Promise<void> {
  await db
    .update(importRuns)
    .set({ status: "done", progress, holder: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(eq(importRuns.id, id));
}

/** The run ended with `reason`, which the admin shows; what it wrote before stays, each item whole. */
export async function failRun(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(importRuns)
    .set({ status: "failed", error: reason, holder: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(importRuns.id, id), inArray(importRuns.status, WORKING)));
}

/**
 * Cancel a run that has not finished: before it imports, nothing was written; while it
 * imports, it stops before its next item and what it brought stays. The export's file is
 * deleted by the caller.
 */
export async function cancelRun(db: Db, id: number): Promise<ImportRun> {
  const [run] = await db
    .update(importRuns)
    .set({ status: "cancelled", holder: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(importRuns.id, id), inArray(importRuns.status, ["reading", "planned", "importing"])))
    .returning();
  if (run) return run;
  const existing = await runById(db, id);
  throw invalid(`This import is ${existing.status} already.`, "id");
}

/** Whether the run is still to go on (not cancelled from the admin meanwhile). */
export async function stillRunning(db: Db, id: number): Promise<boolean> {
  const [run] = await db.select({ status: importRuns.status }).from(importRuns).where(eq(importRuns.id, id)).limit(1);
  return run !== undefined && WORKING.includes(run.status);
}
