import path from "node:path";
import type { DbHandle } from "../../db/client.ts";
import { publishDue } from "../modules/editorial/publish-due.server.ts";
import { subscribe } from "../modules/newsletter/newsletter.server.ts";
import { sendDueConfirmations } from "../modules/newsletter/confirmations.server.ts";
import { sendDue } from "../modules/newsletter/deliver-issue.server.ts";
import { DIGEST_HOUR_UTC, writeMonthlyDigest } from "../modules/newsletter/digest.server.ts";
import { purgeExpired, refreshStatistics } from "./housekeeping.server.ts";
import { JOB_PAYLOADS, type JobData, type JobName } from "../lib/job-registry.ts";
import { settings } from "../lib/settings.server.ts";
import { siteMailer } from "../modules/newsletter/site-mailer.server.ts";
import { siteObjects } from "../modules/uploads/site-objects.server.ts";
import { DRILL_GIVEN_UP_AFTER_MS } from "../modules/archive/drill-timing.ts";
import { abandonedRuns } from "../modules/imports/import-runs.server.ts";
import { prepareStreams } from "../modules/videos/streams/make-ladder.server.ts";
import { siteFfmpeg } from "../modules/videos/streams/ffmpeg.server.ts";
import { fillTranscripts } from "../modules/videos/video-transcripts.server.ts";

// What the minute's and the start's runs need is loaded with this file. What runs seldom (a
// backup, its drill, an import) is loaded by its run, the first time one has work: the
// archive writer with the S3 client, and the import's readers and converters, would
// otherwise stay in the worker's memory from its start on a site that never uses them.

/** What a job is given to work with. */
export interface JobContext {
  database: DbHandle;
  /** Aborted when the queue stops: a run that takes minutes (a transcode) ends early on it and is taken again. */
  signal: AbortSignal;
}

/** One kind of background work: its queue, when it runs by itself, and what happens when it fails. */
export interface Job {
  /** The queue's name, which is the job's. */
  name: string;
  /**
   * When it runs by itself: a cron expression, in UTC. One run per occurrence across every
   * instance, and an occurrence missed while the site was down runs once at the next start.
   */
  schedule?: string;
  /** Runs of this job at once in one instance. */
  concurrency: number;
  /** A run that throws is tried again up to `limit` times, `delaySeconds` later, doubling each time with `backoff`. */
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  /** A run still going after this long has failed (and is retried). */
  timeoutSeconds: number;
  run(context: JobContext, data: unknown): Promise<void>;
}

/** A job as declared below: its run is given its payload as the registry's schema reads it. */
type Declared<N extends JobName> = Omit<Job, "name" | "run"> & {
  run(context: JobContext, data: JobData<N>): Promise<void>;
};

/**
 * What each job of the registry (job-registry.ts) does and how it runs: a job named there and
 * not declared here, or the other way round, is a type error. They run where the wiring
 * (wire.ts) starts them: in the site worker, never on the thread that answers stored pages
 * and never in a render's turn, or in the dev server's process. The queue is pg-boss, in the
 * site's own database (src/server/job-queue.ts).
 */
const DECLARED: { [N in JobName]: Declared<N> } = {
  "publish-due": {
    // Sent for each schedule's own time, and swept every minute besides: a schedule is
    // a row, so neither a restart nor a lost job can lose it (the start's sweep, sent by
    // the wiring, publishes what fell due while the site was down).
    schedule: "* * * * *",
    concurrency: 1,
    retry: { limit: 5, delaySeconds: 10, backoff: true },
    timeoutSeconds: 120,
    run: async ({ database }, data) => {
      await publishDue(database.db, data);
    },
  },
  "newsletter-confirmation": {
    // Sent by every signup, so the visitor's request never waits on a mail server and takes
    // the same path whatever the address: taken here, the confirmations due are sent within
    // the hour's budget, and swept every minute besides for those the budget held back. A
    // relay that refuses for now is tried again; the address waits a week to be confirmed.
    schedule: "* * * * *",
    concurrency: 2,
    retry: { limit: 6, delaySeconds: 60, backoff: true },
    timeoutSeconds: 120,
    run: async ({ database }, { email }) => {
      if (email !== undefined) await subscribe(database.db, email);
      const { siteUrl, siteName, mail } = settings();
      await sendDueConfirmations({
        db: database.db,
        mailer: await siteMailer(),
        siteUrl,
        siteName,
        perHour: mail.confirmationsPerHour,
      });
    },
  },
  "newsletter-send": {
    // Sent for an issue's own time (the end of its undo window) and for a resume, and swept
    // every minute besides: the ledger is rows, so a restart, a crash mid-send or a lost job
    // only delays the rest, and retries fall due without anything waiting in memory.
    schedule: "* * * * *",
    concurrency: 1,
    retry: { limit: 3, delaySeconds: 30, backoff: true },
    timeoutSeconds: 600,
    run: async ({ database }) => {
      const { siteUrl, siteName } = settings();
      await sendDue({ db: database.db, mailer: await siteMailer(), siteUrl, siteName });
    },
  },
  "newsletter-digest": {
    // Daily; on the owner's day of the month it writes the digest as a draft for them to send.
    schedule: `0 ${String(DIGEST_HOUR_UTC)} * * *`,
    concurrency: 1,
    retry: { limit: 3, delaySeconds: 300, backoff: true },
    timeoutSeconds: 300,
    run: async ({ database }) => {
      await writeMonthlyDigest(database.db, settings());
    },
  },
  "purge-expired": {
    // Nothing else deletes a session nobody comes back with, a counter for an address never
    // seen again or an upload never normalised: hourly keeps the tables and the upload
    // folder small and costs nothing, where a sweep on each upload URL made a GET change things.
    schedule: "7 * * * *",
    concurrency: 1,
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    timeoutSeconds: 300,
    run: async ({ database }) => {
      await purgeExpired(database.db);
      await (await siteObjects()).dropAbandoned?.();
    },
  },
  "refresh-statistics": {
    schedule: "37 * * * *",
    concurrency: 1,
    retry: { limit: 2, delaySeconds: 300, backoff: false },
    timeoutSeconds: 600,
    run: ({ database }) => refreshStatistics(database),
  },
  backup: {
    // On BACKUP_SCHEDULE (daily by default, or never), and sent by the admin's "Back up now"
    // with the run it began. Not retried: a failed run is recorded and the dashboard warns,
    // and a retry would write the whole archive again while the owner may be starting one.
    schedule: settings().backup.schedule,
    concurrency: 1,
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    timeoutSeconds: 6 * 3600,
    run: async ({ database }, { runId }) => {
      const [{ writeBackup }, { backupSite }] = await Promise.all([
        import("../modules/archive/backups.server.ts"),
        import("../modules/archive/site-backups.server.ts"),
      ]);
      const site = backupSite(settings(), database, await siteObjects());
      await writeBackup(database.db, site, runId === undefined ? { trigger: "schedule" } : { runId });
    },
  },
  import: {
    // Sent when an export is uploaded (its dry run) and when the owner confirms it, and by
    // every start to resume what a stopped process left. Retried: a run resumes where it
    // stopped, each item whole, so trying again never makes a second copy.
    concurrency: 1,
    retry: { limit: 3, delaySeconds: 30, backoff: true },
    timeoutSeconds: 24 * 3600,
    run: async ({ database }, { runId }) => {
      const runs = runId === undefined ? await abandonedRuns(database.db) : [runId];
      if (runs.length === 0) return;
      const [{ workOnRun }, { importSite }] = await Promise.all([
        import("../modules/imports/import-work.server.ts"),
        import("../modules/imports/site-imports.server.ts"),
      ]);
      const site = importSite(settings(), database.db, await siteObjects());
      for (const id of runs) await workOnRun(site, id);
    },
  },
  "video-streams": {
    // Each minute, and at each start: a ladder is due when a video's file has none, or a
    // process stopped making it. One transcode at a time (its row's unique index holds it to
    // one across instances too), at the lowest priority. Not retried: a failure is kept on
    // the video's row for the manager to show, and a stopped run is taken again by the next.
    schedule: "* * * * *",
    concurrency: 1,
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    timeoutSeconds: 6 * 3600,
    run: async ({ database, signal }) => {
      const workDir = path.join(settings().dataDir, "transcode");
      await prepareStreams({
        db: database.db,
        store: await siteObjects(),
        ffmpeg: await siteFfmpeg(),
        workDir,
        signal,
      });
    },
  },
  "video-transcripts": {
    // Sent by every start, and hourly besides: a video restored from an archive, from before
    // transcripts were kept, or saved while the object store could not be read has none yet,
    // and search cannot find what it says until its captions are read.
    schedule: "23 * * * *",
    concurrency: 1,
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    timeoutSeconds: 1800,
    run: async ({ database }) => {
      await fillTranscripts(database.db);
    },
  },
  "restore-drill": {
    // Sent by the admin's "Run a drill"; the drill itself runs in a thread of its own (the
    // site worker's wiring), so the scratch database's memory goes when the thread ends. Not
    // retried: a failed drill is a result the screen shows, not a fault.
    concurrency: 1,
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    timeoutSeconds: DRILL_GIVEN_UP_AFTER_MS / 1000,
    run: async ({ database }, { name }) => {
      const [{ drillBackup }, { backupShelf }] = await Promise.all([
        import("../modules/archive/backup-drills.server.ts"),
        import("../modules/archive/site-backups.server.ts"),
      ]);
      await drillBackup(database.db, backupShelf(settings()), name);
    },
  },
};

/** The declared job `name`, its runs' data read by the registry's schema (a scheduled run carries none). */
function declared(name: JobName): Job {
  const job: Declared<JobName> = DECLARED[name];
  return {
    ...job,
    name,
    run: async (context, data) => {
      await job.run(context, JOB_PAYLOADS[name].parse(data ?? {}));
    },
  };
}

/** Every job the site runs. */
export const JOBS: readonly Job[] = (Object.keys(DECLARED) as JobName[]).map(declared);
