import type { DbHandle } from "../../db/client.ts";
import type { JobName } from "../../src/lib/job-registry.ts";
import { JOBS } from "../../src/server/jobs.ts";
import { type JobSender } from "../../src/lib/job-registry.ts";

/** A job a route sent, as the queue would store it. */
export interface SentJob {
  name: string;
  data: object;
  /** When it was sent to start, if not at once. */
  startAfter?: Date;
}

/**
 * The job queue as `sendJob` sees it, for a test: it keeps each run sent, and runs them when the
 * test says, through the declared jobs themselves (src/server/jobs.ts), one after another,
 * so a test counts what they did without waiting on pg-boss's polling.
 */
export function queuedJobs(database: DbHandle) {
  const sent: SentJob[] = [];
  const sender: JobSender = {
    send: (name, data = {}, { startAfter } = {}) => {
      sent.push({ name, data, startAfter });
      return Promise.resolve(String(sent.length));
    },
  };
  /** Run every job sent so far, in order, and forget them; then one scheduled run of each of `swept`. */
  async function runAll(...swept: JobName[]): Promise<void> {
    const runs = [...sent.splice(0), ...swept.map((name) => ({ name, data: {} }))];
    for (const { name, data } of runs) {
      const job = JOBS.find((j) => j.name === name);
      if (!job) throw new Error(`no job ${name}`);
      await job.run({ database, signal: new AbortController().signal }, data);
    }
  }
  return { sender, sent, runAll };
}
