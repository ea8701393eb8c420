import { and, desc, eq, lt, or } from "drizzle-orm";
import { type Db, tables } from "@/lib/db.server";
import { conflict } from "@/lib/errors";
import { holderGone, THIS_PROCESS } from "@/lib/process-holder.server";

const { backups } = tables;

/** A running row untouched this long belongs to a run that stopped without saying so. */
export const STALE_AFTER_MS = 60_000;

export type BackupRun = typeof backups.$inferSelect;

/** Mark as failed the runs whose process stopped mid-way (killed, crashed, its machine lost). */
async function endAbandoned(db: Db, now: Date): Promise<void> {
  const running = await db.select().from(backups).where(eq(backups.status, "running"));
  const gone = running.filter(
    (run) => run.updatedAt.getTime() < now.getTime() - STALE_AFTER_MS || holderGone(run.holder),
  );
  for (const run of gone) {
    await db
      .update(backups)
      .set({ status: "failed", finishedAt: now, error: "It stopped before it finished (the process ended)." })
      .where(and(eq(backups.id, run.id), eq(backups.status, "running")));
  }
}

/** Start a run, or refuse (409) while another one is going; its id. */
export async function beginRun(db: Db, trigger: string, now = new Date()): Promise<number> {
  await endAbandoned(db, now);
  // The unique index on running rows refuses a second one, even from another instance.
  const [row] = await db
    .insert(backups)
    .values({ trigger, holder: THIS_PROCESS, startedAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: backups.id });
  if (!row) throw conflict("A backup is being made already; wait for it to finish.");
  return row.id;
}

/** Take over a run begun elsewhere (the admin's request, run by the job); false when it has ended meanwhile. */
export async function claimRun(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(backups)
    .set({ holder: THIS_PROCESS, updatedAt: new Date() })
    .where(and(eq(backups.id, id), eq(backups.status, "running")))
    .returning({ id: backups.id });
  return rows.length > 0;
}

/** Say how far along a run is, which also shows it is alive. */
export async function touchRun(db: Db, id: number, progress: number): Promise<void> {
  await db
    .update(backups)
    .set({ progress: Math.min(1, Math.max(0, progress)), updatedAt: new Date() })
    .where(and(eq(backups.id, id), eq(backups.status, "running")));
}

export async function finishRun(
  db: Db,
  id: number,
  result: { name: string; bytes: number; tables: Record<string, number> },
): Promise<void> {
  const now = new Date();
  await db
    .update(backups)
    .set({ ...result, status: "ok", progress: 1, finishedAt: now, updatedAt: now })
    .where(eq(backups.id, id));
}

export async function failRun(db: Db, id: number, reason: string): Promise<void> {
  const now = new Date();
  await db
    .update(backups)
    .set({ status: "failed", error: reason, finishedAt: now, updatedAt: now })
    .where(eq(backups.id, id));
}

/** One run by id, or undefined. */
export async function runById(db: Db, id: number): Promise<BackupRun | undefined> {
  const [row] = await db.select().from(backups).where(eq(backups.id, id));
  return row;
}

/** The newest run that ended, well or not; undefined when there has never been one. */
export async function lastEndedRun(db: Db): Promise<BackupRun | undefined> {
  const [row] = await db
    .select()
    .from(backups)
    .where(or(eq(backups.status, "ok"), eq(backups.status, "failed")))
    .orderBy(desc(backups.startedAt), desc(backups.id))
    .limit(1);
  return row;
}

/** The run going now, if any. */
export async function activeRun(db: Db): Promise<BackupRun | undefined> {
  const [row] = await db.select().from(backups).where(eq(backups.status, "running")).limit(1);
  return row;
}

/** The backups kept, newest first. */
export function keptBackups(db: Db): Promise<BackupRun[]> {
  return db.select().from(backups).where(eq(backups.status, "ok")).orderBy(desc(backups.startedAt), desc(backups.id));
}

/** Forget the record of a backup once its file is deleted, and failures older than the oldest kept. */
export async function forgetRuns(db: Db, ids: number[], before: Date | undefined): Promise<void> {
  for (const id of ids) await db.delete(backups).where(eq(backups.id, id));
  if (before) await db.delete(backups).where(and(eq(backups.status, "failed"), lt(backups.startedAt, before)));
}
