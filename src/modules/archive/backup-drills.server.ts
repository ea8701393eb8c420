import { and, desc, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { type Db, tables } from "@/lib/db.server";
import { conflict } from "@/lib/errors";
import { sendJob } from "@/lib/job-registry";
import type { DrillResult } from "./restore-drill.server";
import { keptBackups } from "./backup-runs.server";
import type { BackupShelf } from "./backup-shelf.server";
import { withLocalBackup } from "./backups.server";
import { runDrill } from "./drill-runner.server";
import { DRILL_GIVEN_UP_AFTER_MS } from "./drill-timing";

const { backups } = tables;

/** A drill under way: of which backup, since when. */
export interface RunningDrill {
  name: string;
  startedAt: string;
}

/** What the data screen shows of drills: the one running, and the last one's result. */
export interface DrillState {
  running: RunningDrill | null;
  last: DrillResult | null;
}

/** The drill running now, if any; one begun longer ago than a drill may take is not. */
async function runningDrill(db: Db, now: Date): Promise<RunningDrill | null> {
  const since = new Date(now.getTime() - DRILL_GIVEN_UP_AFTER_MS);
  const [row] = await db
    .select({ name: backups.name, startedAt: backups.drillStartedAt })
    .from(backups)
    .where(and(isNotNull(backups.drillStartedAt), isNotNull(backups.name)))
    .orderBy(desc(backups.drillStartedAt))
    .limit(1);
  if (!row?.name || !row.startedAt || row.startedAt < since) return null;
  return { name: row.name, startedAt: row.startedAt.toISOString() };
}

/** The drill running, and the newest result of any backup kept. */
export async function drillState(db: Db, now = new Date()): Promise<DrillState> {
  const drilled = await db.select({ drill: backups.drill }).from(backups).where(isNotNull(backups.drill));
  const results = drilled.flatMap((row) => (row.drill ? [row.drill] : []));
  const last = results.sort((a, b) => b.at.localeCompare(a.at))[0] ?? null;
  return { running: await runningDrill(db, now), last };
}

/**
 * Mark the newest backup as being drilled and hand the drill to the job queue; the backup's
 * name. Refused (409) when there is no backup yet, or while a drill runs: one at a time, as
 * each holds a whole scratch copy of the site. A queue that cannot take it clears the mark.
 */
export async function requestDrill(db: Db, now = new Date()): Promise<string> {
  const [newest] = await keptBackups(db);
  if (!newest?.name) throw conflict("There is no backup to drill yet: back up first.");
  if (await runningDrill(db, now)) throw conflict("A drill is running already; wait for it to finish.");
  const since = new Date(now.getTime() - DRILL_GIVEN_UP_AFTER_MS);
  // The mark is set only where none is fresh, so of two requests at once on this row one wins.
  const marked = await db
    .update(backups)
    .set({ drillStartedAt: now })
    .where(and(eq(backups.id, newest.id), or(isNull(backups.drillStartedAt), lt(backups.drillStartedAt, since))))
    .returning({ id: backups.id });
  if (marked.length === 0) throw conflict("A drill is running already; wait for it to finish.");
  try {
    await sendJob("restore-drill", { name: newest.name });
  } catch (error) {
    await db.update(backups).set({ drillStartedAt: null }).where(eq(backups.id, newest.id));
    throw error;
  }
  return newest.name;
}

/**
 * Drill the kept backup `name` (fetched from its bucket first if need be) where this process
 * runs drills, and keep the result on its row, ending its mark. A backup that cannot be read
 * is a failed drill saying why, never a drill left running.
 */
export async function drillBackup(db: Db, shelf: BackupShelf, name: string): Promise<DrillResult> {
  const at = new Date();
  let result: DrillResult;
  try {
    result = await withLocalBackup(db, shelf, name, runDrill);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    result = {
      at: at.toISOString(),
      archive: name,
      ok: false,
      differences: [reason],
      tables: {},
      ms: Date.now() - at.getTime(),
    };
  }
  await db.update(backups).set({ drill: result, drillStartedAt: null }).where(eq(backups.name, name));
  return result;
}
