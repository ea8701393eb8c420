import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { createDb, type DbHandle } from "../../../db/client.ts";
import { samplePost } from "../../../tests/setup/sample-items.ts";
import { startSmtpSink, type SmtpSink } from "../../../tests/setup/smtp-sink.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { parseSettings } from "@/lib/settings.server";
import { createPost } from "@/modules/posts/post-writes.server";
import { useDatabase } from "@/lib/site-database.server";
import { sendIssue } from "./deliver-issue.server";
import { LEASE_MS } from "./issue-lease.server";
import { createIssue, issueLedger, scheduleSend } from "./issues.server";
import { openMailer } from "./mailer.server";
import { confirmSubscriber, subscribe } from "./newsletter.server";

const SITE = { siteUrl: "https://meh.example", siteName: "Mostly Meh" };
const READERS = ["one@example.org", "two@example.org", "three@example.org"];
let sink: SmtpSink;
let dir: string;
/** How this process and the sender's reach one database: a PostgreSQL URL, or PGlite's folder. */
let url: string;
let handle: DbHandle;
const children: ChildProcess[] = [];

/** The database this file's engine gives two processes: a server's, or embedded in a folder. */
async function sharedDb(): Promise<DbHandle> {
  if (process.env.TEST_DB_ENGINE === "postgres") {
    const made = await createTestDb();
    url = made.connectionString ?? "";
    return made;
  }
  // The run's migrated database, unpacked into a folder: what a stopped site leaves on disk.
  const folder = path.join(dir, "db");
  const unpacked = new PGlite({ dataDir: folder, loadDataDir: new Blob([await readFile(inject("pgliteTemplate"))]) });
  await unpacked.close();
  url = `file:${folder}`;
  return createDb(url);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-killed-"));
  sink = await startSmtpSink();
  handle = await sharedDb();
  useDatabase(handle);
});
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await handle.close();
  await sink.close();
  await rm(dir, { recursive: true, force: true });
});

/** A sender in a process of its own, as the site worker runs it: the real mailer, the real clock. */
function senderInChild(issueId: number): ChildProcess {
  const module = (file: string) => JSON.stringify(new URL(file, import.meta.url).href);
  const script = `
    import { createDb } from ${module("../../../db/client.ts")};
    import { parseSettings } from ${module("../../lib/settings.server.ts")};
    import { sendIssue } from ${module("./deliver-issue.server.ts")};
    import { openMailer } from ${module("./mailer.server.ts")};
    const { db } = createDb(${JSON.stringify(url)});
    const settings = parseSettings({ SITE_URL: ${JSON.stringify(SITE.siteUrl)}, DATA_DIR: ${JSON.stringify(dir)}, SMTP_URL: ${JSON.stringify(sink.url)}, MAIL_RATE_PER_SECOND: "1000" });
    const mailer = await openMailer(settings.mail);
    await sendIssue({ db, mailer, ...${JSON.stringify(SITE)} }, ${String(issueId)});`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  return child;
}

it("a sender killed mid-send is resumed by another, and each reader gets one copy", { timeout: 120_000 }, async () => {
  for (const email of READERS) await confirmSubscriber(handle.db, (await subscribe(handle.db, email)) ?? 0);
  const post = await createPost(handle.db, samplePost({ title: "A Kettle That Clicks Off Early" }));
  const issue = await createIssue(handle.db, SITE.siteUrl, SITE.siteName, { postIds: [post.id] });
  await scheduleSend(handle.db, SITE.siteUrl, issue.id, { undoSeconds: 0 });

  // The second copy's bytes reach the mail server, which has not answered when the sender dies.
  let onTheWire = (): void => undefined;
  const second = new Promise<void>((resolve) => (onTheWire = resolve));
  let held = false;
  sink.take = (to) => {
    if (held || !to.includes("two@example.org")) return Promise.resolve();
    held = true;
    onTheWire();
    return new Promise<void>(() => undefined);
  };
  // The embedded database is one process's at a time: this one lets go while the sender runs.
  if (handle.engine === "pglite-file") await handle.close();
  const sender = senderInChild(issue.id);
  await second;
  sender.kill("SIGKILL");
  await once(sender, "exit");
  if (handle.engine === "pglite-file") {
    handle = createDb(url);
    useDatabase(handle);
  }
  expect(sink.caught.map((message) => message.to)).toEqual([["one@example.org"]]);

  const settings = parseSettings({
    SITE_URL: SITE.siteUrl,
    DATA_DIR: dir,
    SMTP_URL: sink.url,
    MAIL_RATE_PER_SECOND: "1000",
  });
  const mailer = await openMailer(settings.mail);
  try {
    const context = (at: number) => ({ db: handle.db, mailer, ...SITE, now: () => new Date(at) });
    // Another sender keeps off while the dead one's hold lasts, and goes on once it lapses.
    expect(await sendIssue(context(Date.now()), issue.id)).toBeNull();
    expect(await sendIssue(context(Date.now() + LEASE_MS + 1000), issue.id)).toEqual({ sent: 2, status: "sent" });
  } finally {
    mailer.close();
  }
  for (const email of READERS) {
    expect(
      sink.caught.filter((message) => message.to.includes(email)),
      email,
    ).toHaveLength(1);
  }
  expect((await issueLedger(handle.db, issue.id, { page: 1, limit: 10 })).counts).toMatchObject({ sent: 3 });
});
