import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createDb, type DbHandle } from "../../../db/client.ts";
import { newsletterIssues, newsletterSubscribers } from "../../../db/schema/index.ts";
import { samplePost } from "../../../tests/setup/sample-items.ts";
import { startSmtpSink, type SmtpSink } from "../../../tests/setup/smtp-sink.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { parseSettings } from "@/lib/settings.server";
import { createPost } from "@/modules/posts/post-writes.server";
import { runtime } from "@/server/runtime";
import { sendDue, sendIssue, type SendContext } from "./deliver-issue.server";
import { LEASE_MS, type Every } from "./issue-lease.server";
import { createIssue, issueLedger, scheduleSend } from "./issues.server";
import { openMailer, type Mailer } from "./mailer.server";
import { confirmSubscriber, subscribe } from "./newsletter.server";

const SITE = { siteUrl: "https://meh.example", siteName: "Mostly Meh" };
const READERS = ["one@example.org", "two@example.org", "three@example.org"];
let sink: SmtpSink;
let dir: string;
/** The first instance's database, and the second's: its own pool on PostgreSQL, the same PGlite embedded. */
let handle: DbHandle;
let other: DbHandle;
let otherMailer: Mailer;
let postId: number;

const mailSettings = () =>
  parseSettings({ SITE_URL: SITE.siteUrl, DATA_DIR: dir, SMTP_URL: sink.url, MAIL_RATE_PER_SECOND: "1000" }).mail;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-relay-"));
  sink = await startSmtpSink();
  handle = await createTestDb();
  runtime().useDatabase(handle);
  // Two instances on one PostgreSQL each have their own pool. The embedded database is one
  // process's, so there the two senders share it, as two runs of the job in one process would.
  other = handle.connectionString ? createDb(handle.connectionString) : handle;
  otherMailer = await openMailer(mailSettings());
  postId = (await createPost(handle.db, samplePost({ title: "A Queue That Moves, Eventually" }))).id;
});
afterAll(async () => {
  otherMailer.close();
  if (other !== handle) await other.close();
  await handle.close();
  await sink.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  sink.caught.length = 0;
  sink.take = () => Promise.resolve();
  await handle.db.delete(newsletterIssues);
  await handle.db.delete(newsletterSubscribers);
});

/** A clock the test moves on, with the heartbeat's timer on it: moving it fires the beats that fall due. */
function testClock(start = Date.now()) {
  let now = start;
  const timers = new Set<{ ms: number; next: number; beat: () => Promise<void> }>();
  const every: Every = (ms, beat) => {
    const timer = { ms, next: now + ms, beat };
    timers.add(timer);
    return () => {
      timers.delete(timer);
    };
  };
  return {
    now: () => new Date(now),
    every,
    /** Timers still set: a send that has ended leaves none. */
    running: () => timers.size,
    async advance(ms: number) {
      now += ms;
      for (const timer of timers) {
        while (timers.has(timer) && timer.next <= now) {
          timer.next += timer.ms;
          await timer.beat();
        }
      }
    },
  };
}
type TestClock = ReturnType<typeof testClock>;

/** An issue of the test post to the three readers, due now: a clock started after it finds it due. */
async function dueIssue(): Promise<number> {
  for (const email of READERS) await confirmSubscriber(handle.db, (await subscribe(handle.db, email)) ?? 0);
  const issue = await createIssue(handle.db, SITE.siteUrl, SITE.siteName, { postIds: [postId] });
  await scheduleSend(handle.db, SITE.siteUrl, issue.id, { undoSeconds: 0 });
  return issue.id;
}

/**
 * The relay has every byte of the first copy to `email` and holds its answer until released:
 * `onTheWire` settles when the bytes are in, `release` lets it answer (250) and keep the message.
 */
function holdAnswerTo(email: string) {
  let onTheWire = (): void => undefined;
  let release = (): void => undefined;
  const wire = new Promise<void>((resolve) => (onTheWire = resolve));
  const answer = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  sink.take = (to) => {
    if (held || !to.includes(email)) return Promise.resolve();
    held = true;
    onTheWire();
    return answer;
  };
  return {
    wire,
    /** Let the relay answer; once this settles the sink has kept the message. */
    release: () => {
      release();
      return answer;
    },
  };
}

const instance = (db: DbHandle, mailer: Mailer, time: TestClock): SendContext => ({
  db: db.db,
  mailer,
  ...SITE,
  now: time.now,
  every: time.every,
});

const copiesTo = (email: string) => sink.caught.filter((message) => message.to.includes(email)).length;
const ledger = (id: number) => issueLedger(handle.db, id, { page: 1, limit: 10 });

it("a relay that holds one answer past the lease keeps the issue with its sender: the other instance keeps off, and each reader gets one copy", async () => {
  const id = await dueIssue();
  const time = testClock();
  const mailer = await openMailer(mailSettings());
  try {
    const hold = holdAnswerTo("two@example.org");
    const first = sendIssue(instance(handle, mailer, time), id);
    await hold.wire;
    // The answer takes longer than a lease; the heartbeat renews it meanwhile.
    await time.advance(LEASE_MS + 1000);
    expect(await sendIssue(instance(other, otherMailer, time), id)).toBeNull();
    expect(await sendDue(instance(other, otherMailer, time))).toBe(0);
    await hold.release();
    expect(await first).toEqual({ sent: 3, status: "sent" });
    expect(time.running()).toBe(0);
  } finally {
    mailer.close();
  }
  for (const email of READERS) expect(copiesTo(email), email).toBe(1);
  expect((await ledger(id)).counts).toMatchObject({ sent: 3, unknown: 0 });
});

