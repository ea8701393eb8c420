import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { queuedJobs } from "../../../tests/setup/queued-jobs.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { useJobSender } from "@/lib/job-registry";
import { createPost } from "@/modules/posts/post-writes.server";
import { postInputSchema } from "@/modules/posts/schema";
import { createVideo } from "@/modules/videos/video-writes.server";
import { videoInputSchema } from "@/modules/videos/schema";
import { inTheWorks } from "./in-the-works.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  // As on a running site, where a schedule sends the sweep for its own time to the queue.
  useJobSender(queuedJobs(handle).sender);
});
afterAll(async () => {
  // The queue outlives this file: the next one finds none unless it starts its own.
  useJobSender(undefined);
  await handle.close();
});

const post = (title: string, publication: object) =>
  postInputSchema.parse({ title, excerpt: "x", content: "y", category: "Meh Moments", ...publication });
const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

it("lists the latest drafts, and what is scheduled soonest first, posts and videos together", async () => {
  expect(await inTheWorks(handle.db)).toEqual({ drafts: [], scheduled: [] });
  await createPost(handle.db, post("Published Already", {}));
  await createPost(handle.db, post("First Draft", { status: "draft" }));
  await createPost(handle.db, post("Second Draft", { status: "draft" }));
  await createPost(handle.db, post("Next Week", { status: "scheduled", publishedAt: at(24 * 7) }));
  await createVideo(
    handle.db,
    videoInputSchema.parse({
      title: "Tomorrow's Fan",
      description: "It turns.",
      videoUrl: "/uploads/fan.mp4",
      thumbnailUrl: "/uploads/fan.jpg",
      duration: 7,
      category: "Meh Moments",
      status: "scheduled",
      publishedAt: at(24),
    }),
  );
  const works = await inTheWorks(handle.db);
  expect(works.drafts.map((w) => [w.kind, w.title])).toEqual([
    ["post", "Second Draft"],
    ["post", "First Draft"],
  ]);
  expect(works.scheduled.map((w) => [w.kind, w.title])).toEqual([
    ["video", "Tomorrow's Fan"],
    ["post", "Next Week"],
  ]);
  expect(works.scheduled[0]?.at).toBeInstanceOf(Date);
});
