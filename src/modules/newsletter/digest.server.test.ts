import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { newsletterIssues, newsletterSubscribers } from "../../../db/schema/index.ts";
import { samplePost, sampleVideo } from "../../../tests/setup/sample-items.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { createPost } from "@/modules/posts/post-writes.server";
import { createVideo } from "@/modules/videos/video-writes.server";
import { useDatabase } from "@/lib/site-database.server";
import { digestsReady, nextDigestAt, nextDigestPreview, saveDigestSettings, writeMonthlyDigest } from "./digest.server";
import { createIssue, scheduleSend } from "./issues.server";
import { confirmSubscriber, subscribe } from "./newsletter.server";
import { deleteSubscriber, listSubscribers, subscriberCounts, subscribersCsv } from "./subscribers.server";

let handle: DbHandle;
const SITE = { siteUrl: "https://meh.example", siteName: "Mostly Meh" };

beforeAll(async () => {
  handle = await createTestDb();
  useDatabase(handle);
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await handle.db.delete(newsletterIssues);
});

const day = (iso: string) => new Date(`${iso}T08:00:00Z`);

describe("the monthly digest", () => {
  it("is written as a draft on the owner's day, once, of what is new and public only", async () => {
    await saveDigestSettings(handle.db, { dayOfMonth: 14 });
    const post = await createPost(handle.db, samplePost({ title: "A Queue That Moved Slightly" }));
    const video = await createVideo(handle.db, sampleVideo({ title: "Rain, Mostly Vertical" }));
    await createPost(handle.db, samplePost({ title: "Secret Draft About Beige", status: "draft" }));
    const now = new Date();
    const onTheDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 14, 8));
    expect(await writeMonthlyDigest(handle.db, SITE, new Date(onTheDay.getTime() - 24 * 60 * 60_000))).toBeNull();
    const digest = await writeMonthlyDigest(handle.db, SITE, onTheDay);
    expect(digest).toMatchObject({ status: "draft", digest: true, postIds: [post.id], videoIds: [video.id] });
    expect(await digestsReady(handle.db)).toBe(1);
    // Once a month, however often the job runs that day.
    expect(await writeMonthlyDigest(handle.db, SITE, onTheDay)).toBeNull();

    const preview = await nextDigestPreview(handle.db, SITE, onTheDay);
    expect(preview.items.map((i) => i.title).sort()).toEqual(["A Queue That Moved Slightly", "Rain, Mostly Vertical"]);
    expect(preview.html).toContain("https://meh.example/post/");
    expect(preview.html).not.toContain("Secret Draft");
    expect(preview.text).not.toContain("Secret Draft");
  });

  it("is written at the first run after the owner's day when the site was down over it", async () => {
    await saveDigestSettings(handle.db, { dayOfMonth: 10 });
    await createPost(handle.db, samplePost({ title: "A Lift, Stopped Between Floors" }));
    const now = new Date();
    const twoDaysLate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 12, 8));
    expect(await writeMonthlyDigest(handle.db, SITE, twoDaysLate)).toMatchObject({ status: "draft", digest: true });
    expect(await writeMonthlyDigest(handle.db, SITE, new Date(twoDaysLate.getTime() + 24 * 60 * 60_000))).toBeNull();
  });

  it("writes nothing when nothing went public since the last issue went out", async () => {
    await saveDigestSettings(handle.db, { dayOfMonth: 3 });
    const now = new Date();
    const first = await writeMonthlyDigest(
      handle.db,
      SITE,
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 3, 8)),
    );
    expect(first).not.toBeNull();
    await scheduleSend(handle.db, SITE.siteUrl, first?.id ?? 0, { undoSeconds: 0 });
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 3, 8));
    expect(await writeMonthlyDigest(handle.db, SITE, nextMonth)).toBeNull();
    expect((await nextDigestPreview(handle.db, SITE, nextMonth)).items).toEqual([]);
  });

  it("leaves out a post already emailed on its own, but not what went public before that email", async () => {
    const emailed = await createPost(handle.db, samplePost({ title: "A Bench, Slightly Damp" }));
    await createPost(handle.db, samplePost({ title: "A Clock, Two Minutes Fast" }));
    const alone = await createIssue(handle.db, SITE.siteUrl, SITE.siteName, { postIds: [emailed.id] });
    await scheduleSend(handle.db, SITE.siteUrl, alone.id, { undoSeconds: 0 });
    const titles = (await nextDigestPreview(handle.db, SITE)).items.map((item) => item.title);
    expect(titles).toContain("A Clock, Two Minutes Fast");
    expect(titles).not.toContain("A Bench, Slightly Damp");
  });

  it("says when the next one is written: this month's day if it is still to come, else next month's", () => {
    expect(nextDigestAt({ dayOfMonth: 20 }, day("2026-03-05"), 8).toISOString()).toBe("2026-03-20T08:00:00.000Z");
    expect(nextDigestAt({ dayOfMonth: 5 }, day("2026-03-05"), 8).toISOString()).toBe("2026-04-05T08:00:00.000Z");
    expect(nextDigestAt({ dayOfMonth: 28 }, day("2026-12-29"), 8).toISOString()).toBe("2027-01-28T08:00:00.000Z");
  });
});

describe("the subscriber list", () => {
  it("lists, searches, filters, exports and removes readers", async () => {
    await handle.db.delete(newsletterSubscribers);
    const ann = (await subscribe(handle.db, "ann@example.org")) ?? 0;
    await confirmSubscriber(handle.db, ann);
    await subscribe(handle.db, "=cmd@example.org");
    await subscribe(handle.db, "under_score@example.org");
    expect(await subscriberCounts(handle.db)).toEqual({ all: 3, pending: 2, active: 1, unsubscribed: 0, bounced: 0 });

    const active = await listSubscribers(handle.db, { status: "active", search: "" }, { page: 1, limit: 10 });
    expect(active).toMatchObject({ total: 1, items: [{ id: ann, email: "ann@example.org", status: "active" }] });
    expect(active.items[0]?.confirmedAt).toEqual(expect.any(String));
    // A search is the text typed: "_" is an underscore, not any character.
    const typed = await listSubscribers(handle.db, { search: "_" }, { page: 1, limit: 10 });
    expect(typed.items.map((s) => s.email)).toEqual(["under_score@example.org"]);
    const paged = await listSubscribers(handle.db, { search: "" }, { page: 2, limit: 2 });
    expect(paged).toMatchObject({ total: 3, items: [{ email: "ann@example.org" }] });

    const csv = await subscribersCsv(handle.db, { search: "" });
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,email,status,createdAt,confirmedAt");
    expect(lines).toHaveLength(4);
    // A cell a spreadsheet would run as a formula is written as text.
    expect(csv).toContain(`"'=cmd@example.org"`);

    await deleteSubscriber(handle.db, ann);
    await expect(deleteSubscriber(handle.db, ann)).rejects.toMatchObject({ code: "not_found" });
    expect((await subscriberCounts(handle.db)).all).toBe(2);
  });
});
