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
import { useDatabase } from "@/lib/site-database.server";
import { PAUSE_AFTER_FAILURES, sendDue, sendIssue, type SendContext } from "./deliver-issue.server";
import { LEASE_MS, type Every } from "./issue-lease.server";
import { createIssue, issueLedger, resendUndelivered, scheduleSend } from "./issues.server";
import { openMailer, SMTP_WAITS, type Mailer } from "./mailer.server";
import { confirmSubscriber, subscribe } from "./newsletter.server";

const SITE = { siteUrl: "https://meh.example", siteName: "Mostly Meh" };
const READERS = ["one@example.org", "two@example.org", "three@example.org"];
/** The silence on an open connection the first instance's mailer bears in the test that waits for it. */
const SHORT_SOCKET_TIMEOUT_MS = 1000;
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
  useDatabase(handle);
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

/** An issue of the test post to these readers, due now: a clock started after it finds it due. */
async function dueIssue(readers = READERS): Promise<number> {
  for (const email of readers) await confirmSubscriber(handle.db, (await subscribe(handle.db, email)) ?? 0);
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
const statusOf = async (id: number, email: string) =>
  (await ledger(id)).deliveries.items.find((d) => d.email === email);

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

it("a relay that never answers one message: its copy is marked unknown and never sent again by itself, and the other readers do not wait on it", async () => {
  const id = await dueIssue();
  const time = testClock();
  const mailer = await openMailer(mailSettings(), { ...SMTP_WAITS, socketTimeout: SHORT_SOCKET_TIMEOUT_MS });
  const hold = holdAnswerTo("two@example.org");
  try {
    const first = sendIssue(instance(handle, mailer, time), id);
    await hold.wire;
    await time.advance(LEASE_MS + 1000);
    expect(await sendIssue(instance(other, otherMailer, time), id)).toBeNull();
    // The relay still has not answered: the socket's timeout gives up on that one message,
    // and the third reader's copy goes out in the same run.
    expect(await first).toEqual({ sent: 2, status: "sent" });
    expect(time.running()).toBe(0);
  } finally {
    mailer.close();
  }
  expect(copiesTo("three@example.org")).toBe(1);
  expect(await statusOf(id, "two@example.org")).toMatchObject({
    status: "unknown",
    response: expect.stringMatching(/never answered.*may have arrived/) as unknown,
  });
  // The relay had taken it after all: the reader has it once.
  await hold.release();
  for (const email of READERS) expect(copiesTo(email), email).toBe(1);

  // No sweep sends it again, however long after.
  await time.advance(3 * 24 * 60 * 60_000);
  expect(await sendDue(instance(other, otherMailer, time))).toBe(0);
  expect(copiesTo("two@example.org")).toBe(1);
  expect((await ledger(id)).counts).toMatchObject({ sent: 2, unknown: 1, pending: 0, retrying: 0 });

  // Only the owner's "Send to those who did not get it" does, knowing it may be a second copy.
  await resendUndelivered(handle.db, id);
  expect(await sendIssue(instance(other, otherMailer, time), id)).toEqual({ sent: 1, status: "sent" });
  expect(copiesTo("two@example.org")).toBe(2);
  expect((await ledger(id)).counts).toMatchObject({ sent: 3, unknown: 0 });
});

it("a relay that takes every message and answers none pauses the issue, rather than leave every reader in doubt", async () => {
  const readers = Array.from({ length: PAUSE_AFTER_FAILURES + 1 }, (_, i) => `r${String(i)}@example.org`);
  const id = await dueIssue(readers);
  const time = testClock();
  const answers: (() => void)[] = [];
  sink.take = () => new Promise<void>((resolve) => answers.push(resolve));
  const mailer = await openMailer(mailSettings(), { ...SMTP_WAITS, socketTimeout: SHORT_SOCKET_TIMEOUT_MS });
  try {
    expect(await sendIssue(instance(handle, mailer, time), id)).toEqual({ sent: 0, status: "paused" });
  } finally {
    mailer.close();
    for (const answer of answers) answer();
  }
  const paused = await ledger(id);
  expect(paused.counts).toMatchObject({ unknown: PAUSE_AFTER_FAILURES, pending: 1 });
  expect(paused.pausedReason).toMatch(/never answered/);
});
