import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { videos } from "../../../db/schema/index.ts";
import { present } from "../../../tests/setup/present.ts";
import { sampleVideo } from "../../../tests/setup/sample-items.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { queuedJobs } from "../../../tests/setup/queued-jobs.ts";
import { useJobSender } from "@/lib/job-registry";
import { sitePages } from "@/modules/publishing/site-pages.server";
import { videoInputSchema, type VideoInput } from "./schema";
import { listRevisions } from "@/modules/editorial/revisions.server";
import { autosaveVideo, createVideo, deleteVideo, restoreVideo, updateVideo } from "./video-writes.server";
import { videoBySlug } from "./videos.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

const input = sampleVideo;

it("creates videos with unique slugs, even at once, and a rating of 3 by default", async () => {
  const made = await Promise.all(Array.from({ length: 5 }, () => createVideo(handle.db, input())));
  expect(made.map((v) => v.slug).sort()).toEqual([
    "a-fan-rotating",
    "a-fan-rotating-1",
    "a-fan-rotating-2",
    "a-fan-rotating-3",
    "a-fan-rotating-4",
  ]);
  expect(made[0]?.mehRating).toBe(3);
  expect(made[0]?.duration).toBe(7);
});

it("updates without changing the slug, publishes, and deletes", async () => {
  const store = sitePages();
  await store.put(
    "/videos",
    { status: 200, headers: [], body: Buffer.from("old"), tags: ["videos"], maxAgeSeconds: 60 },
    store.epoch(),
  );
  const video = await createVideo(handle.db, input({ title: "Kettle" }));
  expect(store.get("/videos")).toBeUndefined();
  const updated = await updateVideo(handle.db, video.id, input({ title: "Kettle, Again", duration: 9 }));
  expect(updated.slug).toBe("kettle");
  expect((await videoBySlug(handle.db, "kettle"))?.title).toBe("Kettle, Again");
  await deleteVideo(handle.db, video.id);
  expect(await videoBySlug(handle.db, "kettle")).toBeNull();
  await expect(deleteVideo(handle.db, video.id)).rejects.toMatchObject({ code: "not_found" });
  await expect(updateVideo(handle.db, video.id, input())).rejects.toMatchObject({ code: "not_found" });
});

it("refuses script and data URLs and unknown fields", () => {
  expect(videoInputSchema.safeParse({ ...input(), videoUrl: "javascript:alert(1)" }).success).toBe(false);
  expect(videoInputSchema.safeParse({ ...input(), thumbnailUrl: "data:image/png;base64,AAAA" }).success).toBe(false);
  expect(videoInputSchema.safeParse({ ...input(), colour: "grey" }).success).toBe(false);
  expect(videoInputSchema.safeParse({ ...input(), publishedAt: "2020-01-01" }).success).toBe(false);
});

it("refuses an uploaded image as the video and an uploaded video as the poster, naming the field", () => {
  const fieldAtFault = (extra: Partial<VideoInput>) =>
    videoInputSchema.safeParse({ ...input(), ...extra }).error?.issues[0]?.path;
  expect(fieldAtFault({ videoUrl: "/uploads/images/abc.jpg" })).toEqual(["videoUrl"]);
  expect(fieldAtFault({ thumbnailUrl: "/uploads/videos/abc.mp4" })).toEqual(["thumbnailUrl"]);
  expect(fieldAtFault({ videoUrl: "/uploads/videos/abc.mp4", thumbnailUrl: "/uploads/images/abc.jpg" })).toBe(
    undefined,
  );
  expect(fieldAtFault({ videoUrl: "/uploads/seed/kettle.mp4", thumbnailUrl: "https://x.example/p.jpg" })).toBe(
    undefined,
  );
});

it("keeps a video's saves as revisions, restores one as a new save, and autosaves beside the live video", async () => {
  const video = await createVideo(handle.db, input({ title: "A Kettle, Nearly Boiling" }));
  await updateVideo(
    handle.db,
    video.id,
    input({ title: "A Kettle, Nearly Boiling", description: "Steam, then less." }),
  );
  const history = () => listRevisions(handle.db, { kind: "video", id: video.id });
  const created = present((await history()).at(-1));

  await autosaveVideo(handle.db, video.id, input({ title: "A Kettle, Boiled" }), { authorId: null });
  expect((await videoBySlug(handle.db, video.slug))?.title).toBe("A Kettle, Nearly Boiling");

  const restored = await restoreVideo(handle.db, video.id, created.id, { authorId: null });
  expect(restored.description).toBe("It turns. It turns back.");
  expect(restored.status).toBe("published");
  expect((await history()).map((r) => r.reason)).toEqual(["restored", "saved", "created"]);
});

it("asks for a streaming ladder at once when a save leaves a video without one, and not otherwise", async () => {
  const queue = queuedJobs(handle);
  useJobSender(queue.sender);
  try {
    const video = await createVideo(handle.db, input({ title: "Ladder wanted" }));
    expect(queue.sent.map((job) => job.name)).toEqual(["video-streams"]);

    // A ladder made for its file: saving other fields keeps it, and asks for nothing.
    await handle.db
      .update(videos)
      .set({ streamUrl: "/uploads/streams/1/abc/master.m3u8" })
      .where(eq(videos.id, video.id));
    queue.sent.length = 0;
    await updateVideo(handle.db, video.id, input({ title: "Ladder wanted", duration: 9 }));
    expect(queue.sent).toEqual([]);

    // A new file takes the ladder off, and the job is asked for again.
    await updateVideo(handle.db, video.id, input({ title: "Ladder wanted", videoUrl: "/uploads/videos/new.mp4" }));
    expect(queue.sent.map((job) => job.name)).toEqual(["video-streams"]);
  } finally {
    useJobSender(undefined);
  }
});

it("saves a video whose ladder the queue refuses: the job's next minute makes it", async () => {
  useJobSender({ send: () => Promise.reject(new Error("the queue is full")) });
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    const video = await createVideo(handle.db, input({ title: "Queue refuses" }));
    expect((await videoBySlug(handle.db, video.slug))?.title).toBe("Queue refuses");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("next minute"));
  } finally {
    warn.mockRestore();
    useJobSender(undefined);
  }
});
