import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { newsletterSubscribers } from "../../../db/schema/index.ts";
import { clock, issueSendingSite, SITE } from "../../../tests/setup/issue-sending.ts";
import { sampleVideo } from "../../../tests/setup/sample-items.ts";
import { parseSettings } from "@/lib/settings.server";
import { createVideo } from "@/modules/videos/video-writes.server";
import { PAUSE_AFTER_FAILURES, sendDue, sendIssue } from "./deliver-issue.server";
import { resendUndelivered, resumeIssue } from "./issues.server";
import { openMailer } from "./mailer.server";

// What a mail server's refusal does to a copy, to its reader and to the issue.

const site = issueSendingSite();
const { readers, sentIssue, context, caughtFor, ledger } = site;

describe("sending an issue", () => {
  it("tries a copy refused for now again with backoff, and delivers it once", async () => {
    const time = clock();
    await readers("later@example.org");
    let refusals = 0;
    site.sink.refuse = () => (refusals++ < 2 ? { code: 451, message: "Greylisted, try again later" } : undefined);
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
    site.sink.refuse = () => ({ code: 452, message: "Mailbox full" });
    const id = await sentIssue(time);
    // Tried at widening intervals (at most four hours apart), so the first try after the
    // 48 hours is the last.
    for (let hour = 0; hour <= 53; hour += 1) {
      await sendIssue(context(time), id);
      time.advance(60 * 60_000);
    }
    expect(await ledger(id)).toMatchObject({ status: "sent", counts: { failed: 1 } });
    site.sink.refuse = () => undefined;
    await resendUndelivered(site.handle.db, id);
    await sendIssue(context(time), id);
    expect(await ledger(id)).toMatchObject({ status: "sent", counts: { sent: 1, failed: 0 } });
    expect(caughtFor("never@example.org")).toHaveLength(1);
    await expect(resendUndelivered(site.handle.db, id)).rejects.toMatchObject({ code: "conflict" });
  });

  it("marks an address its server refuses for good as bounced, and sends it nothing again", async () => {
    // What a send goes through is the ledger's; no address reaches a log line.
    const logged = (["log", "info", "warn", "error"] as const).map((method) => vi.spyOn(console, method));
    const time = clock();
    const [gone] = await readers("gone@example.org", "here@example.org");
    site.sink.refuse = (address) =>
      address === "gone@example.org" ? { code: 550, message: "No such user" } : undefined;
    const id = await sentIssue(time);
    await sendIssue(context(time), id);
    expect(await ledger(id)).toMatchObject({ status: "sent", counts: { sent: 1, bounced: 1 } });
    const [reader] = await site.handle.db
      .select({ status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, gone ?? 0));
    expect(reader?.status).toBe("bounced");
    site.sink.refuse = () => undefined;
    site.sink.caught.length = 0;
    const video = await createVideo(site.handle.db, sampleVideo({ title: "A Door, Ajar" }));
    await sentIssue(time, { videoIds: [video.id] });
    await sendDue(context(time));
    expect(site.sink.caught.map((c) => c.to)).toEqual([["here@example.org"]]);
    expect(logged.flatMap((spy) => spy.mock.calls).join(" ")).not.toMatch(/@example\.org/);
    for (const spy of logged) spy.mockRestore();
  });

  it("pauses an issue whose mail server cannot be reached, and resumes it", async () => {
    const time = clock();
    await readers(...Array.from({ length: PAUSE_AFTER_FAILURES + 1 }, (_, i) => `r${String(i)}@example.org`));
    const id = await sentIssue(time);
    const unreachable = await openMailer(
      parseSettings({ SITE_URL: SITE.siteUrl, DATA_DIR: site.dir, SMTP_URL: "smtp://127.0.0.1:9" }).mail,
    );
    await sendIssue(context(time, unreachable), id);
    unreachable.close();
    const paused = await ledger(id);
    expect(paused).toMatchObject({ status: "paused", counts: { retrying: PAUSE_AFTER_FAILURES, pending: 1 } });
    expect(paused.pausedReason).toMatch(/ECONNREFUSED|connect/i);
    // Paused, the sweep leaves it alone.
    time.advance(10 * 60_000);
    expect(await sendDue(context(time))).toBe(0);
    await resumeIssue(site.handle.db, id);
    expect(await sendDue(context(time))).toBe(PAUSE_AFTER_FAILURES + 1);
    expect(await ledger(id)).toMatchObject({ status: "sent", counts: { sent: PAUSE_AFTER_FAILURES + 1 } });
  });
});
