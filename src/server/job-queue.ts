import { fromPglite, PgBoss } from "pg-boss";
import type { DbHandle } from "../../db/client.ts";
import { JOBS, type Job } from "./jobs.ts";
import { type JobSender } from "../lib/job-registry.ts";

/** The running queue: what a caller may send, and how it stops. */
export interface JobQueue extends JobSender {
  /** Stop taking jobs, let running ones finish (up to 10 s), and let go of the database. */
  stop(): Promise<void>;
}

/**
 * A job due in the future (`startAfter`) is picked up by a poll, so this is how late one may
 * start; a job sent for now wakes the workers at once (LISTEN/NOTIFY).
 */
const POLL_SECONDS = 5;
/** Runs a worker takes at a time, one after another. */
const BATCH = 5;

/** pg-boss on the site's database: PGlite's one connection, or connections of its own to the server. */
function queueOn(database: DbHandle): PgBoss {
  if (database.pglite) return new PgBoss({ backend: "pglite", db: fromPglite(database.pglite), useListenNotify: true });
  if (!database.connectionString) throw new Error("The job queue needs PGlite or a PostgreSQL server.");
  return new PgBoss({ connectionString: database.connectionString, max: 3, useListenNotify: true });
}

/**
 * Start every declared job (src/server/jobs.ts) on `database`: each queue is made or brought
 * up to its declared policy, each worker started and each schedule set. Jobs are rows in the
 * database, so one sent or due while the site is down runs after the next start, and with
 * several instances on one PostgreSQL each run is taken by one of them.
 */
export async function startJobs(database: DbHandle, jobs: readonly Job[] = JOBS): Promise<JobQueue> {
  const boss = queueOn(database);
  // Tells the runs under way that the queue stops, so a long one ends rather than holds the stop up.
  const stopping = new AbortController();
  boss.on("error", (error: Error) => {
    console.error("Background jobs:", error.message);
  });
  await boss.start();
  for (const job of jobs) {
    const policy = {
      retryLimit: job.retry.limit,
      retryDelay: job.retry.delaySeconds,
      retryBackoff: job.retry.backoff,
      expireInSeconds: job.timeoutSeconds,
      notify: true,
    };
    await boss.createQueue(job.name, policy);
    await boss.updateQueue(job.name, policy);
    const polling = { pollingIntervalSeconds: POLL_SECONDS, notifyPollingIntervalSeconds: POLL_SECONDS };
    // A worker waits a poll between fetches unless its last fetch came back full, so it takes
    // a few runs at a time: a backlog is worked through at once, not one run per poll.
    const batch = { batchSize: BATCH, burstWhenBatchFull: true };
    await boss.work(job.name, { localConcurrency: job.concurrency, ...polling, ...batch }, async (runs) => {
      for (const run of runs) {
        try {
          await job.run({ database, signal: stopping.signal }, run.data);
        } catch (error) {
          // Failed alone: the batch's other runs complete when this handler returns.
          await boss.fail(job.name, run.id, { message: (error as Error).message });
        }
      }
    });
    if (job.schedule) await boss.schedule(job.name, job.schedule, null, { missed: "once" });
    else await boss.unschedule(job.name);
  }
  return {
    send: (name, data = {}, options = {}) => boss.send(name, data, options),
    stop: () => {
      stopping.abort(new Error("The site is stopping."));
      return boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
