import { defineRoute } from "@/lib/define-route.server";
import { activeRun, keptBackups, lastEndedRun } from "@/modules/archive/backup-runs.server";
import { requestBackup, runView } from "@/modules/archive/backup-requests.server";

/** The backups kept, newest first, the run going now and the last one that ended: what the data screen polls. */
export const GET = defineRoute({
  access: "admin",
  run: async ({ db }) => {
    const [kept, running, last] = await Promise.all([keptBackups(db), activeRun(db), lastEndedRun(db)]);
    return {
      backups: kept.map(runView),
      running: running ? runView(running) : null,
      last: last ? runView(last) : null,
    };
  },
});

/** "Back up now": begins a run (409 while one is going) and answers at once with its id. */
export const POST = defineRoute({
  access: "admin",
  status: 202,
  run: async ({ db }) => ({ runId: await requestBackup(db, "admin") }),
});
