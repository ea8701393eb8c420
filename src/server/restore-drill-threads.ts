import { Worker } from "node:worker_threads";
import type { DrillRunner } from "../modules/archive/drill-runner.server.ts";
import type { DrillResult } from "../modules/archive/restore-drill.server.ts";

export interface DrillRequest {
  file: string;
}

/**
 * Drill each backup in a thread of its own (`script`, src/server/restore-drill-thread.ts as
 * built), ended once it answers. The drill opens a scratch embedded database, and PGlite
 * keeps the memory it grew (hundreds of MB for a large site) after it closes; in the site
 * worker's thread that memory would stay with the thread that renders every page, while a
 * thread's goes when it ends. A thread rather than a child process: it loads the same built
 * modules and needs no second Node started with the site's flags.
 */
export function drillInThread(script: string | URL): DrillRunner {
  return (file) =>
    new Promise<DrillResult>((resolve, reject) => {
      const thread = new Worker(script, { workerData: { file } satisfies DrillRequest });
      let answered = false;
      thread.once("message", (result: DrillResult) => {
        answered = true;
        resolve(result);
        void thread.terminate();
      });
      thread.once("error", reject);
      thread.once("exit", (code) => {
        if (!answered) reject(new Error(`The restore drill stopped before it finished (exit code ${String(code)}).`));
      });
    });
}
