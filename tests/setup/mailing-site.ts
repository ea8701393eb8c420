import type { DbHandle } from "../../db/client.ts";
import type { MailSettings } from "../../src/lib/settings.server.ts";
import { openMailer, type Mailer } from "../../src/modules/newsletter/mailer.server.ts";
import { useJobSender } from "../../src/lib/job-registry.ts";
import { useDatabase } from "../../src/lib/site-database.server.ts";
import { useMailer } from "../../src/modules/newsletter/site-mailer.server.ts";
import { queuedJobs } from "./queued-jobs.ts";
import { startSmtpSink, type SmtpSink } from "./smtp-sink.ts";
import { createTestDb } from "./test-db.ts";

/** What a newsletter test runs the site's mail against. */
export interface MailingSite {
  handle: DbHandle;
  sink: SmtpSink;
  /** The mailer, sending to the sink; the runtime's too, so the jobs send with it. */
  mailer: Mailer;
  /** The queue the routes send to, run when the test says. */
  queue: ReturnType<typeof queuedJobs>;
  close(): Promise<void>;
}

/**
 * A fresh database, an SMTP sink, a mailer sending to it with `mail`'s other settings, and
 * the queue stand-in, all handed to the runtime as the site worker would: for tests that
 * go through the routes and the jobs.
 */
export async function openMailingSite(mail: MailSettings): Promise<MailingSite> {
  const handle = await createTestDb();
  useDatabase(handle);
  const sink = await startSmtpSink();
  const mailer = await openMailer({ ...mail, smtpUrl: sink.url });
  useMailer(mailer);
  const queue = queuedJobs(handle);
  useJobSender(queue.sender);
  return {
    handle,
    sink,
    mailer,
    queue,
    async close() {
      useJobSender(undefined);
      mailer.close();
      await sink.close();
      await handle.close();
    },
  };
}
