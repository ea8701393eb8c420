import type { DbHandle } from "../../db/client.ts";
import { JOBS } from "../../src/server/jobs.ts";
import type { JobSender } from "../../src/server/runtime.ts";

/** A job a route sent, as the queue would store it. */
export interface SentJob {
  name: string;
  data: object;
}

/**
 * The job queue as routes see it, for a test: it keeps each run sent, and runs them when the
 * test says, through the declared jobs themselves (src/server/jobs.ts), one after another,
 * so a test counts what they did without waiting on pg-boss's polling.
 */
export function queuedJobs(database: DbHandle) {
  const sent: SentJob[] = [];
  const sender: JobSender = {
    send: (name, data = {}) => {
      sent.push({ name, data });
      return Promise.resolve(String(sent.length));
    },
  };
  /** Run every job sent so far, in order, and forget them; then one scheduled run of each of `swept`. */
  async function runAll(...swept: string[]): Promise<void> {
    const runs = [...sent.splice(0), ...swept.map((name) => ({ name, data: {} }))];
    for (const { name, data } of runs) {
      const job = JOBS.find((j) => j.name === name);
      if (!job) throw new Error(`no job ${name}`);
      await job.run({ database }, data);
    }
  }
  return { sender, sent, runAll };
}
