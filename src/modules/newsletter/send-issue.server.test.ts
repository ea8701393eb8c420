import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { newsletterIssues, newsletterSubscribers } from "../../../db/schema/index.ts";
import { callEndpoint, endpoints } from "../../../tests/api-routes.ts";
import { samplePost, sampleVideo } from "../../../tests/setup/sample-items.ts";
import { startSmtpSink, type SmtpSink } from "../../../tests/setup/smtp-sink.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { parseSettings } from "@/lib/settings.server";
import { createPost } from "@/modules/posts/post-writes.server";
import { createVideo } from "@/modules/videos/video-writes.server";
import { useDatabase } from "@/lib/site-database.server";
import { PAUSE_AFTER_FAILURES, sendDue, sendIssue, type SendContext } from "./deliver-issue.server";
import { cancelSend, createIssue, issueLedger, resendUndelivered, resumeIssue, scheduleSend } from "./issues.server";
import type { IssueInput } from "./issue-schema";
import { openMailer, type Mailer } from "./mailer.server";
import { confirmSubscriber, sendConfirmation, subscribe } from "./newsletter.server";

let handle: DbHandle;
let sink: SmtpSink;
let mailer: Mailer;
let dir: string;
const SITE = { siteUrl: "https://meh.example", siteName: "Mostly Meh" };
const UNDO = 300;
let postId: number;

beforeAll(async () => {
  handle = await createTestDb();
  useDatabase(handle);
  sink = await startSmtpSink();
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-send-"));
  const keyFile = path.join(dir, "dkim.pem");
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  await writeFile(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));
  const settings = parseSettings({
    SITE_URL: SITE.siteUrl,
    DATA_DIR: dir,
    SMTP_URL: sink.url,
    DKIM_DOMAIN: "meh.example",
    DKIM_SELECTOR: "test",
    DKIM_PRIVATE_KEY_FILE: keyFile,
    MAIL_RATE_PER_SECOND: "1000",
  });
  mailer = await openMailer(settings.mail);
  postId = (await createPost(handle.db, samplePost({ title: "A Lift That Stops at Every Floor" }))).id;
});
afterAll(async () => {
  mailer.close();
  await sink.close();
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  sink.caught.length = 0;
  sink.refuse = () => undefined;
  // Every test starts with no issue and no reader, and a month free of sends.
  await handle.db.delete(newsletterIssues);
  await handle.db.delete(newsletterSubscribers);
});

/** Readers who confirmed their address. */
async function readers(...emails: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const email of emails) {
    const id = (await subscribe(handle.db, email)) ?? 0;
    await confirmSubscriber(handle.db, id);
    ids.push(id);
  }
  return ids;
}

/** A clock the test moves on. */
function clock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** An issue of the test post, sent: its undo window past on `time`. */
async function sentIssue(time: ReturnType<typeof clock>, input: IssueInput = { postIds: [postId] }) {
  const issue = await createIssue(handle.db, SITE.siteUrl, SITE.siteName, input, { now: time.now() });
  await scheduleSend(handle.db, SITE.siteUrl, issue.id, { undoSeconds: UNDO, now: time.now() });
  time.advance(UNDO * 1000 + 1000);
  return issue.id;
}

const context = (time: ReturnType<typeof clock>, through: Mailer = mailer): SendContext => ({
  db: handle.db,
  mailer: through,
  ...SITE,
  now: time.now,
});

const caughtFor = (email: string) => sink.caught.filter((c) => c.to.includes(email));

const headerLine = (parsed: ParsedMail, key: string): string =>
  (parsed.headerLines.find((line) => line.key === key)?.line ?? "").replace(/\r?\n\s+/g, " ");

const statusOf = async (id: number) =>
  (
    await handle.db
      .select({ status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, id))
  )[0]?.status;

const route = (method: string, path: string) => {
  const found = endpoints.find((e) => e.method === method && e.path === path);
  if (!found) throw new Error(`no route ${method} ${path}`);
  return found;
};

const ledger = (id: number) => issueLedger(handle.db, id, { page: 1, limit: 100 });

describe("sending an issue", () => {
  it("waits out the undo window, then sends one signed copy to each confirmed reader, and the next issue skips one who left with one click", async () => {
    const time = clock();
    // Ann signs up as a visitor does: the confirmation is caught, and only its POST confirms.
    const ann = (await subscribe(handle.db, "ann@example.org")) ?? 0;
    await sendConfirmation(handle.db, mailer, SITE, ann);
    const confirmation = await simpleParser(caughtFor("ann@example.org")[0]?.raw ?? Buffer.alloc(0));
    const confirmUrl = /href="([^"]*\/newsletter\/confirm\?[^"]*)"/.exec(confirmation.html || "")?.[1] ?? "";
    const confirmToken = new URL(confirmUrl.replaceAll("&amp;", "&")).searchParams.get("token") ?? "";
    expect(await statusOf(ann)).toBe("pending");
    const confirmed = await callEndpoint(route("POST", "/api/newsletter/confirm"), {
      user: null,
      params: {},
      body: JSON.stringify({ token: confirmToken }),
    });
    expect(await confirmed.json()).toEqual({ outcome: "done" });
    expect(await statusOf(ann)).toBe("active");
    sink.caught.length = 0;
    await readers("bo@example.org");
    await subscribe(handle.db, "pending@example.org");
    const issue = await createIssue(handle.db, SITE.siteUrl, SITE.siteName, { postIds: [postId] }, { now: time.now() });
    expect(issue).toMatchObject({ status: "draft", subject: "A Lift That Stops at Every Floor" });
    const scheduled = await scheduleSend(handle.db, SITE.siteUrl, issue.id, { undoSeconds: UNDO, now: time.now() });
    expect(scheduled.sendAt?.getTime()).toBe(time.now().getTime() + UNDO * 1000);

    // Inside the window nothing leaves, and Cancel takes it back.
    time.advance(60_000);
    expect(await sendDue(context(time))).toBe(0);
    expect((await cancelSend(handle.db, issue.id)).status).toBe("draft");
    await scheduleSend(handle.db, SITE.siteUrl, issue.id, { undoSeconds: UNDO, now: time.now() });
    time.advance(UNDO * 1000);
    expect(await sendDue(context(time))).toBe(2);
    await expect(cancelSend(handle.db, issue.id)).rejects.toMatchObject({ code: "conflict" });

    expect(sink.caught.map((c) => c.to).sort()).toEqual([["ann@example.org"], ["bo@example.org"]]);
    const parsed = await simpleParser(caughtFor("ann@example.org")[0]?.raw ?? Buffer.alloc(0));
    expect(parsed.subject).toBe("A Lift That Stops at Every Floor");
    expect(parsed.text).toContain("It is nearly empty. It has been nearly empty for years.");
    expect(parsed.html).toContain('href="https://meh.example/post/');
    // Its links carry the issue's tag, so the owner's analytics count its clicks.
    expect(parsed.html).toContain(`?ref=newsletter-${String(issue.id)}"`);
    expect(headerLine(parsed, "list-id")).toBe('List-ID: "Mostly Meh" <newsletter.meh.example>');
    expect(headerLine(parsed, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const oneClick = /<([^>]+)>/.exec(headerLine(parsed, "list-unsubscribe"))?.[1] ?? "";
    expect(oneClick).toMatch(/^https:\/\/meh\.example\/api\/newsletter\/unsubscribe\?token=/);
    const signed = (
      /;h=([^;]+)/.exec(headerLine(parsed, "dkim-signature").replace(/\s+/g, ""))?.[1] ?? ""
    ).toLowerCase();
    expect(signed.split(":")).toEqual(expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post"]));

    const done = await ledger(issue.id);
    expect(done).toMatchObject({ status: "sent", counts: { total: 2, sent: 2, pending: 0 } });
    expect(done.deliveries.items.every((d) => d.status === "sent" && /^250/.test(d.response ?? ""))).toBe(true);

    // A mail scanner that follows List-Unsubscribe is led to the page, and unsubscribes nobody.
    const token = new URL(oneClick).searchParams.get("token") ?? "";
    const followed = await callEndpoint(route("GET", "/api/newsletter/unsubscribe"), {
      user: null,
      params: {},
      query: [["token", token]],
    });
    expect(followed.status).toBe(303);
    expect(await statusOf(ann)).toBe("active");
    const left = await callEndpoint(route("POST", "/api/newsletter/unsubscribe"), {
      user: null,
      params: {},
      query: [["token", token]],
      body: "List-Unsubscribe=One-Click",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(left.status).toBe(200);
    expect(await statusOf(ann)).toBe("unsubscribed");

    sink.caught.length = 0;
    const video = await createVideo(handle.db, sampleVideo({ title: "A Kettle, Nearly Boiling" }));
    await sentIssue(time, { postIds: [], videoIds: [video.id] });
    await sendDue(context(time));
    expect(sink.caught.map((c) => c.to)).toEqual([["bo@example.org"]]);
  });

  it("tries a copy refused for now again with backoff, and delivers it once", async () => {
    const time = clock();
    await readers("later@example.org");
    let refusals = 0;
    sink.refuse = () => (refusals++ < 2 ? { code: 451, message: "Greylisted, try again later" } : undefined);
    const id = await sentIssue(time);
    await sendIssue(context(time), id);
    expect((await ledger(id)).deliveries.items[0]).toMatchObject({ status: "retrying", attempts: 1 });
    expect((await ledger(id)).deliveries.items[0]?.response).toContain("451");

    // Not before its time: a minute, then two.
    time.advance(30_000);
    await sendIssue(context(time), id);
    expect((await ledger(id)).deliveries.items[0]).toMatchObject({ status: "retrying", attempts: 1 });
    time.advance(31_000);
    await sendIssue(context(time), id);
    expect((await ledger(id)).deliveries.items[0]).toMatchObject({ status: "retrying", attempts: 2 });
    time.advance(2 * 60_000);
    await sendIssue(context(time), id);
    expect(await ledger(id)).toMatchObject({ status: "sent", counts: { sent: 1, retrying: 0 } });
    time.advance(60 * 60_000);
    await sendDue(context(time));
    expect(caughtFor("later@example.org")).toHaveLength(1);
  });

  it("gives up on a copy refused for now after 48 hours, and sends it again only when asked", async () => {
    const time = clock();
    await readers("never@example.org");
    sink.refuse = () => ({ code: 452, message: "Mailbox full" });
    const id = await sentIssue(time);
    // Tried at widening intervals (at most four hours apart), so the first try after the
    // 48 hours is the last.
    for (let hour = 0; hour <= 53; hour += 1) {
      await sendIssue(context(time), id);
      time.advance(60 * 60_000);
    }
    expect(await ledger(id)).toMatchObject({ status: "sent", counts: { failed: 1 } });
    sink.refuse = () => undefined;
    await resendUndelivered(handle.db, id);
    await sendIssue(context(time), id);
    expect(await ledger(id)).toMatchObject({ status: "sent", counts: { sent: 1, failed: 0 } });
    expect(caughtFor("never@example.org")).toHaveLength(1);
    await expect(resendUndelivered(handle.db, id)).rejects.toMatchObject({ code: "conflict" });
  });

  it("marks an address its server refuses for good as bounced, and sends it nothing again", async () => {
    // What a send goes through is the ledger's; no address reaches a log line.
    const logged = (["log", "info", "warn", "error"] as const).map((method) => vi.spyOn(console, method));
    const time = clock();
    const [gone] = await readers("gone@example.org", "here@example.org");
    sink.refuse = (address) => (address === "gone@example.org" ? { code: 550, message: "No such user" } : undefined);
    const id = await sentIssue(time);
    await sendIssue(context(time), id);
    expect(await ledger(id)).toMatchObject({ status: "sent", counts: { sent: 1, bounced: 1 } });
    const [reader] = await handle.db
      .select({ status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, gone ?? 0));
    expect(reader?.status).toBe("bounced");
    sink.refuse = () => undefined;
    sink.caught.length = 0;
    const video = await createVideo(handle.db, sampleVideo({ title: "A Door, Ajar" }));
    await sentIssue(time, { videoIds: [video.id] });
    await sendDue(context(time));
    expect(sink.caught.map((c) => c.to)).toEqual([["here@example.org"]]);
    expect(logged.flatMap((spy) => spy.mock.calls).join(" ")).not.toMatch(/@example\.org/);
    for (const spy of logged) spy.mockRestore();
  });

  it("pauses an issue whose mail server cannot be reached, and resumes it", async () => {
    const time = clock();
    await readers(...Array.from({ length: PAUSE_AFTER_FAILURES + 1 }, (_, i) => `r${String(i)}@example.org`));
    const id = await sentIssue(time);
    const unreachable = await openMailer(
      parseSettings({ SITE_URL: SITE.siteUrl, DATA_DIR: dir, SMTP_URL: "smtp://127.0.0.1:9" }).mail,
    );
    await sendIssue(context(time, unreachable), id);
    unreachable.close();
    const paused = await ledger(id);
    expect(paused).toMatchObject({ status: "paused", counts: { retrying: PAUSE_AFTER_FAILURES, pending: 1 } });
    expect(paused.pausedReason).toMatch(/ECONNREFUSED|connect/i);
    // Paused, the sweep leaves it alone.
    time.advance(10 * 60_000);
    expect(await sendDue(context(time))).toBe(0);
    await resumeIssue(handle.db, id);
    expect(await sendDue(context(time))).toBe(PAUSE_AFTER_FAILURES + 1);
    expect(await ledger(id)).toMatchObject({ status: "sent", counts: { sent: PAUSE_AFTER_FAILURES + 1 } });
  });

  it("fixes the readers when sending starts: one who confirms later is not in this issue", async () => {
    const time = clock();
    await readers("early@example.org");
    const id = await sentIssue(time);
    await sendIssue(context(time), id);
    await readers("late@example.org");
    await sendDue(context(time));
    expect((await ledger(id)).deliveries.items.map((d) => d.email)).toEqual(["early@example.org"]);
    expect(caughtFor("late@example.org")).toHaveLength(0);
  });

  it("keeps the promise of two a month unless the owner overrides it for one issue", async () => {
    const time = clock();
    await readers("busy@example.org");
    await sentIssue(time);
    await sentIssue(time);
    const third = await createIssue(handle.db, SITE.siteUrl, SITE.siteName, { postIds: [postId] });
    const refused = scheduleSend(handle.db, SITE.siteUrl, third.id, { undoSeconds: UNDO, now: time.now() });
    await expect(refused).rejects.toMatchObject({ code: "conflict" });
    await expect(refused).rejects.toThrow(/2 issues have gone out in the last 30 days.*overLimit/);
    const sent = await scheduleSend(handle.db, SITE.siteUrl, third.id, {
      undoSeconds: UNDO,
      overLimit: true,
      now: time.now(),
    });
    expect(sent).toMatchObject({ status: "scheduled", overLimit: true });
  });

  it("mails only what the public may read", async () => {
    const draft = await createPost(handle.db, samplePost({ title: "Still Thinking About It", status: "draft" }));
    await expect(
      createIssue(handle.db, SITE.siteUrl, SITE.siteName, { postIds: [postId, draft.id] }),
    ).rejects.toMatchObject({ code: "invalid", field: "postIds" });
  });
});
