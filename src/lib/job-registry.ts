import { z } from "zod";
import { unavailable } from "./errors.ts";
import { processValue } from "./process-value.ts";

/**
 * Every background job by name, beside the payload it takes: the one list `sendJob` is typed
 * from and checks against (Documenso's `packages/lib/jobs/client.ts` is the model). What each
 * job does, and when it runs by itself, is declared in `src/server/jobs.ts`. Scheduled runs carry none.
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
  /** The run the admin's "Back up now" began (and the screen follows); none for a scheduled backup. */
  backup: z.strictObject({ runId: z.number().int().positive().optional() }),
  /** An import to read or to carry on with; none to resume every import whose process stopped (the start's sweep). */
  import: z.strictObject({ runId: z.number().int().positive().optional() }),
  /** Make the videos' streaming ladders that are due (scheduled, and the start's sweep). */
  "video-streams": z.strictObject({}),
  /** Read the captions of the videos whose transcripts are unread. */
  "video-transcripts": z.strictObject({}),
  /** The kept backup the admin's "Run a drill" marked. */
  "restore-drill": z.strictObject({ name: z.string().min(1) }),
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

/** Where background work goes: the job queue (src/server/job-queue.ts), or a test's stand-in. */
export interface JobSender {
  /** Queue a run of `name` (one of the declared jobs), now or at `startAfter`; its id. */
  send(name: string, data?: object, options?: SendOptions): Promise<string | null>;
}

// None until the wiring (src/server/wire.ts) starts the queue, and none again once it stops.
const sender = processValue<JobSender | undefined>(import.meta.hot, "jobs", () => undefined);

/** Send jobs to `queue` from now on; undefined once it stops. */
export const useJobSender = (queue: JobSender | undefined): void => {
  sender.set(queue);
};

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
  if (!schema) throw new Error(`There is no job named "${name}" (src/lib/job-registry.ts).`);
  const data = schema.safeParse(payload);
  if (!data.success) throw new Error(`The job "${name}" was sent a bad payload: ${z.prettifyError(data.error)}`);
  const queue = sender.get();
  if (!queue) throw unavailable("The site is starting; try again in a moment.", 5);
  await queue.send(name, data.data, options);
}
