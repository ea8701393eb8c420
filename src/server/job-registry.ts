import { z } from "zod";
import { unavailable } from "../lib/errors.ts";
import { runtime } from "./runtime.ts";

/**
 * Every background job by name, beside the payload it takes: the one list `sendJob` is typed
 * from and checks against (Documenso's `packages/lib/jobs/client.ts` is the model). What each
 * job does, and when it runs by itself, is declared in `jobs.ts`. Scheduled runs carry none.
 */
export const JOB_PAYLOADS = {
  /**
   * Publish what is due; `atStart` is the start's sweep, which notes what it finds as late,
   * and `dueAt` the schedule's own time, for the run sent for it.
   */
  "publish-due": z.strictObject({ atStart: z.boolean().optional(), dueAt: z.iso.datetime().optional() }),
  /** A signup's address, as the endpoint's schema left it; none to send what waits. */
  "newsletter-confirmation": z.strictObject({ email: z.email().max(254).optional() }),
  /** Send what is due of every issue. */
  "newsletter-send": z.strictObject({}),
  "newsletter-digest": z.strictObject({}),
  "purge-expired": z.strictObject({}),
  "refresh-statistics": z.strictObject({}),
};

export type JobName = keyof typeof JOB_PAYLOADS;

/** What `sendJob(name, …)` takes. */
export type JobPayload<N extends JobName> = z.input<(typeof JOB_PAYLOADS)[N]>;

/** What the run of `name` is given: its payload as the schema reads it. */
export type JobData<N extends JobName> = z.output<(typeof JOB_PAYLOADS)[N]>;

/** When a job starts: now, or at `startAfter`. */
export interface SendOptions {
  startAfter?: Date;
}

/**
 * Queue a run of the job `name` with `payload`, now or at `startAfter`. An unknown name or
 * a payload its schema refuses is a bug, and throws. With no queue running (a test or a
 * script that set none up, or a site whose queue could not start) it throws `unavailable`,
 * which a route answers with 503 and Retry-After: a job is never dropped in silence.
 *
 * @example
 * await sendJob("newsletter-confirmation", { email: "reader@example.com" });
 * await sendJob("publish-due", {}, { startAfter: post.publishedAt });
 */
export async function sendJob<N extends JobName>(
  name: N,
  payload: JobPayload<N>,
  options: SendOptions = {},
): Promise<void> {
  const schema = Object.hasOwn(JOB_PAYLOADS, name) ? JOB_PAYLOADS[name] : undefined;
  if (!schema) throw new Error(`There is no job named "${name}" (src/server/job-registry.ts).`);
  const data = schema.safeParse(payload);
  if (!data.success) throw new Error(`The job "${name}" was sent a bad payload: ${z.prettifyError(data.error)}`);
  const queue = runtime().jobs;
  if (!queue) throw unavailable("The site is starting; try again in a moment.", 5);
  await queue.send(name, data.data, options);
}
