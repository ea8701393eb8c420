import { eq } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../../db/schema/index.ts";
import { callEndpoint, endpoints } from "../../../tests/api-routes.ts";
import { clock, issueSendingSite, SITE, UNDO } from "../../../tests/setup/issue-sending.ts";
import { samplePost, sampleVideo } from "../../../tests/setup/sample-items.ts";
import { createPost } from "@/modules/posts/post-writes.server";
import { createVideo } from "@/modules/videos/video-writes.server";
import { sendDue, sendIssue } from "./deliver-issue.server";
import { cancelSend, createIssue, scheduleSend } from "./issues.server";
import { monthFull } from "./monthly-promise.server";
import { sendConfirmation, subscribe } from "./newsletter.server";

// What an issue sends, to whom and when. What a refusal does to a copy: send-refusals.server.test.ts.

const site = issueSendingSite();
const { readers, sentIssue, context, caughtFor, ledger } = site;

const headerLine = (parsed: ParsedMail, key: string): string =>
  (parsed.headerLines.find((line) => line.key === key)?.line ?? "").replace(/\r?\n\s+/g, " ");

const statusOf = async (id: number) =>
  (
    await site.handle.db
      .select({ status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, id))
  )[0]?.status;

const route = (method: string, path: string) => {
  const found = endpoints.find((e) => e.method === method && e.path === path);
  if (!found) throw new Error(`no route ${method} ${path}`);
  return found;
};

describe("sending an issue", () => {
  it("waits out the undo window, then sends one signed copy to each confirmed reader, and the next issue skips one who left with one click", async () => {
    const time = clock();
    // Ann signs up as a visitor does: the confirmation is caught, and only its POST confirms.
    const ann = (await subscribe(site.handle.db, "ann@example.org")) ?? 0;
    await sendConfirmation(site.handle.db, site.mailer, SITE, ann);
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
    site.sink.caught.length = 0;
    await readers("bo@example.org");
    await subscribe(site.handle.db, "pending@example.org");
    const issue = await createIssue(
      site.handle.db,
      SITE.siteUrl,
      SITE.siteName,
      { postIds: [site.postId] },
      { now: time.now() },
    );
    expect(issue).toMatchObject({ status: "draft", subject: "A Lift That Stops at Every Floor" });
    const scheduled = await scheduleSend(site.handle.db, SITE.siteUrl, issue.id, {
      undoSeconds: UNDO,
      now: time.now(),
    });
    expect(scheduled.sendAt?.getTime()).toBe(time.now().getTime() + UNDO * 1000);

    // Inside the window nothing leaves, and Cancel takes it back.
    time.advance(60_000);
    expect(await sendDue(context(time))).toBe(0);
    expect((await cancelSend(site.handle.db, issue.id)).status).toBe("draft");
    await scheduleSend(site.handle.db, SITE.siteUrl, issue.id, { undoSeconds: UNDO, now: time.now() });
    time.advance(UNDO * 1000);
    expect(await sendDue(context(time))).toBe(2);
    await expect(cancelSend(site.handle.db, issue.id)).rejects.toMatchObject({ code: "conflict" });

    expect(site.sink.caught.map((c) => c.to).sort()).toEqual([["ann@example.org"], ["bo@example.org"]]);
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

    site.sink.caught.length = 0;
    const video = await createVideo(site.handle.db, sampleVideo({ title: "A Kettle, Nearly Boiling" }));
    await sentIssue(time, { postIds: [], videoIds: [video.id] });
    await sendDue(context(time));
    expect(site.sink.caught.map((c) => c.to)).toEqual([["bo@example.org"]]);
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
    expect(await monthFull(site.handle.db, time.now())).toBe(false);
    await sentIssue(time);
    // Asked before sending, so the screens ask the owner instead of being refused.
    expect(await monthFull(site.handle.db, time.now())).toBe(true);
    const third = await createIssue(site.handle.db, SITE.siteUrl, SITE.siteName, { postIds: [site.postId] });
    const refused = scheduleSend(site.handle.db, SITE.siteUrl, third.id, { undoSeconds: UNDO, now: time.now() });
    await expect(refused).rejects.toMatchObject({ code: "conflict" });
    await expect(refused).rejects.toThrow(/2 issues have gone out in the last 30 days.*overLimit/);
    const sent = await scheduleSend(site.handle.db, SITE.siteUrl, third.id, {
      undoSeconds: UNDO,
      overLimit: true,
      now: time.now(),
    });
    expect(sent).toMatchObject({ status: "scheduled", overLimit: true });
  });

  it("mails only what the public may read", async () => {
    const draft = await createPost(site.handle.db, samplePost({ title: "Still Thinking About It", status: "draft" }));
    await expect(
      createIssue(site.handle.db, SITE.siteUrl, SITE.siteName, { postIds: [site.postId, draft.id] }),
    ).rejects.toMatchObject({ code: "invalid", field: "postIds" });
  });
});
