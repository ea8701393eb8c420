import type { Db } from "@/lib/db.server";
import { sendJob } from "@/lib/job-registry";
import { beginRun, failRun, type BackupRun } from "./backup-runs.server";
import type { BackupRunView } from "./backup-view";

/** What of a run leaves the server: everything but the process that holds it. */
export const runView = (run: BackupRun): BackupRunView => ({
  id: run.id,
  status: run.status as BackupRunView["status"],
  trigger: run.trigger,
  name: run.name,
  startedAt: run.startedAt.toISOString(),
  finishedAt: run.finishedAt?.toISOString() ?? null,
  progress: run.progress,
  bytes: run.bytes,
  tables: run.tables,
  error: run.error,
});

/**
 * Begin a backup now and hand it to the job queue, which may take minutes over it: the run's
 * id, for following it. Refused (409) while one is going; a queue that cannot take it fails
 * the run at once rather than leaving it "running".
 */
export async function requestBackup(db: Db, trigger: "admin" | "command"): Promise<number> {
  const id = await beginRun(db, trigger);
  try {
    await sendJob("backup", { runId: id });
  } catch (error) {
    await failRun(db, id, "The job queue could not take it.");
    throw error;
  }
  return id;
}
