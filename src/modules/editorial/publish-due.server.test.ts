import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { queuedJobs, type SentJob } from "../../../tests/setup/queued-jobs.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { useJobSender } from "@/lib/job-registry";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import type { PublishedChange } from "@/modules/publishing/publisher.server";
import { tag } from "@/modules/publishing/content-tags";
import { createPost, updatePost } from "@/modules/posts/post-writes.server";
import {
  countPosts,
  featuredPost,
  listPosts,
  listPostsPage,
  postBySlug,
  postGallery,
  recentPosts,
  searchPosts,
} from "@/modules/posts/posts.server";
import { postInputSchema, type PostInput } from "@/modules/posts/schema";
import { videoInputSchema, type VideoInput } from "@/modules/videos/schema";
import { createVideo } from "@/modules/videos/video-writes.server";
import { listVideosPage, recentVideos, relatedVideos, searchVideos, videoBySlug } from "@/modules/videos/videos.server";
import { siteSearchRecords } from "@/modules/search/search-records.server";
import { sitemapEntries } from "@/modules/search/sitemap.server";
import { nextDigestPreview } from "@/modules/newsletter/digest.server";
import { publishDue } from "./publish-due.server";

let handle: DbHandle;
let sent: SentJob[];
const changes: PublishedChange[] = [];
let unsubscribe: () => void;
beforeAll(async () => {
  handle = await createTestDb();
  // As on a running site, where a schedule sends the sweep for its own time to the queue.
  const queue = queuedJobs(handle);
  useJobSender(queue.sender);
  sent = queue.sent;
  unsubscribe = sitePublisher().subscribe((change) => {
    changes.push(change);
  });
});
afterAll(async () => {
  // The queue and the publisher outlive this file: the next one finds neither holding it.
  unsubscribe();
  useJobSender(undefined);
  await handle.close();
});

const HOUR = 3_600_000;
const SITE = { siteUrl: "https://meh.example", siteName: "Mostly Meh" };
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

const post = (marker: string, overrides: Partial<PostInput> = {}) =>
  postInputSchema.parse({
    title: `The ${marker} Kettle`,
    excerpt: `An excerpt about ${marker}.`,
    content: `It boiled. ${marker} was there.`,
    category: "Meh Moments",
    featured: true,
    ...overrides,
  });

const video = (marker: string, overrides: Partial<VideoInput> = {}) =>
  videoInputSchema.parse({
    title: `The ${marker} Fan`,
    description: `A fan, and ${marker}.`,
    videoUrl: "/uploads/fan.mp4",
    thumbnailUrl: "/uploads/fan.jpg",
    duration: 7,
    category: "Meh Moments",
    ...overrides,
  });

/** Every public read of posts and videos, each saying whether it shows `marker`. */
async function whereSeen(marker: string): Promise<string[]> {
  const db = handle.db;
  const shows = (rows: { title: string }[]) => rows.some((row) => row.title.includes(marker));
  const sources: [string, boolean][] = [
    ["post list", shows((await listPostsPage(db)).items)],
    ["category list", shows((await listPostsPage(db, { category: "Meh Moments" })).items)],
    ["all posts", shows(await listPosts(db))],
    ["recent posts", shows(await recentPosts(db))],
    ["featured post", (await featuredPost(db))?.title.includes(marker) ?? false],
    ["post search", shows((await searchPosts(db, marker)).items)],
    ["post page", (await postBySlug(db, `the-${marker.toLowerCase()}-kettle`)) !== null],
    ["video list", shows((await listVideosPage(db)).items)],
    ["recent videos", shows(await recentVideos(db))],
    ["related videos", shows(await relatedVideos(db, { id: -1, category: "Meh Moments" }))],
    ["video search", shows((await searchVideos(db, marker)).items)],
    ["video page", (await videoBySlug(db, `the-${marker.toLowerCase()}-fan`)) !== null],
    ["search index", (await siteSearchRecords(db)).some((r) => r.content.includes(marker))],
    [
      "sitemap",
      (await sitemapEntries(db, "https://meh.example", { offset: 0, limit: 10_000 })).some((e) =>
        e.loc.includes(marker.toLowerCase()),
      ),
    ],
    ["newsletter digest", shows((await nextDigestPreview(db, SITE)).items)],
  ];
  return sources.filter(([, seen]) => seen).map(([name]) => name);
}

describe("drafts and schedules", () => {
  it("a draft and a scheduled post and video are seen by no public read, and counted nowhere", async () => {
    const before = await countPosts(handle.db);
    const draft = await createPost(handle.db, post("Qdraftmarker", { status: "draft" }));
    await createVideo(handle.db, video("Qdraftmarker", { status: "draft" }));
    await createPost(handle.db, post("Qschedmarker", { status: "scheduled", publishedAt: inAnHour() }));
    await createVideo(handle.db, video("Qschedmarker", { status: "scheduled", publishedAt: inAnHour() }));
    expect(await whereSeen("Qdraftmarker")).toEqual([]);
    expect(await whereSeen("Qschedmarker")).toEqual([]);
    expect(await countPosts(handle.db)).toBe(before);
    expect(await postGallery(handle.db, draft.id)).toBeNull();
    // The admin sees them, by status.
    const drafts = await listPostsPage(handle.db, { status: "draft" });
    expect(drafts.items.map((p) => p.title)).toContain("The Qdraftmarker Kettle");
    expect(await postBySlug(handle.db, draft.slug, { anyStatus: true })).toMatchObject({ status: "draft" });
    expect(await postGallery(handle.db, draft.id, { anyStatus: true })).toEqual([]);
  });

  it("a schedule goes public when its time comes, once, with one content change", async () => {
    const scheduled = await createPost(handle.db, post("Qduemarker", { status: "scheduled", publishedAt: inAnHour() }));
    const scheduledVideo = await createVideo(
      handle.db,
      video("Qduemarker", { status: "scheduled", publishedAt: scheduled.publishedAt.toISOString() }),
    );
    // The sweep is sent for the schedule's own time, besides the minute's.
    expect(sent.filter((job) => job.startAfter?.getTime() === scheduled.publishedAt.getTime())).toEqual([
      { name: "publish-due", data: { dueAt: scheduled.publishedAt.toISOString() }, startAfter: scheduled.publishedAt },
      { name: "publish-due", data: { dueAt: scheduled.publishedAt.toISOString() }, startAfter: scheduled.publishedAt },
    ]);
    const due = new Date(scheduled.publishedAt.getTime() + 1000);
    changes.length = 0;
    expect(await publishDue(handle.db, { now: new Date(Date.now() + 60_000) })).toEqual({ posts: [], videos: [] });
    expect(changes).toEqual([]);

    const [first, second] = await Promise.all([
      publishDue(handle.db, { now: due }),
      publishDue(handle.db, { now: due }),
    ]);
    // Two sweeps at once (two instances): each item is flipped by one of them only.
    const flipped = [...first.posts, ...second.posts];
    expect(flipped.filter((id) => id === scheduled.id)).toHaveLength(1);
    expect(new Set(flipped).size).toBe(flipped.length);
    expect([...first.videos, ...second.videos].filter((id) => id === scheduledVideo.id)).toHaveLength(1);
    // Others fell due too, and either sweep may take them; each item's change came once.
    const ofThisPost = changes.filter((change) => change.tags.includes(tag.post(scheduled.id)));
    expect(ofThisPost).toHaveLength(1);
    expect(ofThisPost[0]?.tags).toContain("posts");
    expect(changes.filter((change) => change.tags.includes(tag.video(scheduledVideo.id)))).toHaveLength(1);
    // Every public read shows it now (the same reads that showed nothing before).
    expect((await whereSeen("Qduemarker")).sort()).toEqual(
      [
        "post list",
        "category list",
        "all posts",
        "recent posts",
        "featured post",
        "post search",
        "post page",
        "video list",
        "recent videos",
        "related videos",
        "video search",
        "video page",
        "search index",
        "sitemap",
        "newsletter digest",
      ].sort(),
    );
    const published = await postBySlug(handle.db, scheduled.slug);
    expect(published).toMatchObject({ status: "published", lateSeconds: null });
    // Never dated later than the moment it went public.
    expect(published?.publishedAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("what fell due while no instance ran is published at the next start, noted as late", async () => {
    const scheduled = await createPost(
      handle.db,
      post("Qlatemarker", { status: "scheduled", publishedAt: inAnHour() }),
    );
    const startedAt = new Date(scheduled.publishedAt.getTime() + 12 * 60_000);
    expect((await publishDue(handle.db, { now: startedAt, atStart: true })).posts).toEqual([scheduled.id]);
    expect((await postBySlug(handle.db, scheduled.slug))?.lateSeconds).toBe(12 * 60);
  });

  it("the run sent for a schedule's time, come long after it because no instance ran, notes the item late", async () => {
    const scheduled = await createPost(
      handle.db,
      post("Qoverduerunmarker", { status: "scheduled", publishedAt: inAnHour() }),
    );
    // Queued for its time by the instance that scheduled it, and run by the next one to start.
    const ranAt = new Date(scheduled.publishedAt.getTime() + 20_000);
    const run = { now: ranAt, dueAt: scheduled.publishedAt.toISOString() };
    expect((await publishDue(handle.db, run)).posts).toEqual([scheduled.id]);
    expect((await postBySlug(handle.db, scheduled.slug))?.lateSeconds).toBe(20);
  });

  it("a start that finds an item due a moment ago, while another instance is about to publish it, does not call it late", async () => {
    const scheduled = await createPost(
      handle.db,
      post("Qmomentmarker", { status: "scheduled", publishedAt: inAnHour() }),
    );
    const startedAt = new Date(scheduled.publishedAt.getTime() + 3000);
    expect((await publishDue(handle.db, { now: startedAt, atStart: true })).posts).toContain(scheduled.id);
    expect((await postBySlug(handle.db, scheduled.slug))?.lateSeconds).toBeNull();
  });

  it("unscheduling, rescheduling and publishing early, from an update", async () => {
    const item = await createPost(handle.db, post("Qmovedmarker", { status: "scheduled", publishedAt: inAnHour() }));
    const unscheduled = await updatePost(handle.db, item.id, post("Qmovedmarker", { status: "draft" }));
    expect(unscheduled.status).toBe("draft");
    expect((await publishDue(handle.db, { now: new Date(Date.now() + 2 * HOUR) })).posts).not.toContain(item.id);
    const later = new Date(Date.now() + 3 * HOUR).toISOString();
    const moved = await updatePost(
      handle.db,
      item.id,
      post("Qmovedmarker", { status: "scheduled", publishedAt: later }),
    );
    expect(moved.publishedAt.toISOString()).toBe(later);
    changes.length = 0;
    const early = await updatePost(handle.db, item.id, post("Qmovedmarker", { status: "published" }));
    expect(early.status).toBe("published");
    expect(early.publishedAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(changes).toHaveLength(1);
    expect(await whereSeen("Qmovedmarker")).toContain("post page");
  });

  it("edits to a draft drop no stored page; unpublishing drops the item's pages", async () => {
    const draft = await createPost(handle.db, post("Qquietmarker", { status: "draft" }));
    changes.length = 0;
    await updatePost(handle.db, draft.id, post("Qquietmarker", { status: "draft", content: "Edited, quietly." }));
    expect(changes).toEqual([]);
    await updatePost(handle.db, draft.id, post("Qquietmarker", { status: "published" }));
    await updatePost(handle.db, draft.id, post("Qquietmarker", { status: "draft" }));
    expect(changes).toHaveLength(2);
    expect(await whereSeen("Qquietmarker")).toEqual([]);
  });
});
