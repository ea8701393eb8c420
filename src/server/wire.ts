import type { DbHandle } from "../../db/client.ts";
import { unavailable } from "../lib/errors.ts";
import { shareChanges } from "../modules/publishing/broadcast.server.ts";
import { startJobs, type JobQueue } from "./job-queue.ts";
import { sendJob, useJobSender } from "../lib/job-registry.ts";
import { useDatabase } from "../lib/site-database.server.ts";
import { sitePublisher } from "../modules/publishing/site-pages.server.ts";

// What the site runs on once its database is prepared, run alike by `npm start` (the site
// worker) and `npm run dev` (dev-server.ts): the database handed to the pages and services, other
// instances' changes followed, and the job queue, so a signup, a schedule or a Send works
// under either. What only the site worker has (its thread, the front's copy of the page
// store, the socket, the search index the front serves) stays in site-worker.ts.

/** The wiring of one process: started once, stopped once. */
export interface Wiring {
  /** With PostgreSQL, the content version as this instance began hearing other instances' changes. */
  listeningSince?: number;
  /**
   * Start the background jobs (src/server/jobs.ts) and send the start's sweep. A job sent
   * while the queue starts waits for it; once it could not start, sending one is refused.
   */
  startJobs(): void;
  /** Stop the jobs, then the change listener, telling `step` each; the database's opener closes it. */
  stop(step?: (doing: string) => void): Promise<void>;
}

/** Hand `database` to the pages and services and follow the changes other instances make to it. */
export async function wire(database: DbHandle): Promise<Wiring> {
  useDatabase(database);
  // With PostgreSQL, the database announces every change to what pages show, whoever made it.
  const sharing =
    database.pool && database.origin ? await shareChanges(sitePublisher(), database.pool, database.origin) : undefined;
  let jobs: Promise<JobQueue | undefined> = Promise.resolve(undefined);
  return {
    listeningSince: sharing?.version,
    startJobs() {
      jobs = startJobs(database).catch((error: unknown) => {
        console.error("Background jobs could not start:", error);
        return undefined;
      });
      const queue = jobs.then(
        (started) => started ?? Promise.reject(unavailable("Background work could not start.", 60)),
      );
      // Read only by a send: a queue that failed before anyone sent to it is no unhandled rejection.
      queue.catch(() => undefined);
      useJobSender({ send: async (...job) => (await queue).send(...job) });
      // What fell due while no instance ran goes public now, noted as late; an import a
      // stopped process left goes on, and so does a transcode; videos whose captions were never
      // read are read.
      jobs
        .then(async (started) => {
          if (!started) return;
          await sendJob("publish-due", { atStart: true });
          await sendJob("import", {});
          await sendJob("video-streams", {});
          await sendJob("video-transcripts", {});
        })
        .catch((error: unknown) => {
          console.error("The start's sweeps could not be sent:", error);
        });
    },
    async stop(step = () => undefined) {
      step("stopping the background jobs");
      useJobSender(undefined);
      await (await jobs)?.stop();
      step("closing the content-change listener");
      await sharing?.stop();
    },
  };
}
