import { readFile } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { posts, videos } from "../../../db/schema/index.ts";
import { samplePost, sampleVideo } from "../../../tests/setup/sample-items.ts";
import { queuedJobs } from "../../../tests/setup/queued-jobs.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { useJobSender } from "@/lib/job-registry";
import { createPost, updatePost } from "@/modules/posts/post-writes.server";
import type { PostInput } from "@/modules/posts/schema";
import { createVideo, updateVideo } from "@/modules/videos/video-writes.server";
import type { VideoInput } from "@/modules/videos/schema";
import { createPreviewLink, previewSubject, revokePreviewLinks } from "./preview-links.server";
import { publishDue } from "./publish-due.server";
import type { RevisionSubject } from "./revisions.server";

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

const HOUR = 3_600_000;
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

type Publication = Pick<PostInput & VideoInput, "status" | "publishedAt">;

/** A post and a video, each made and saved (with its status) through its own writes. */
const kinds = {
  post: {
    create: async (publication: Publication) => (await createPost(handle.db, samplePost(publication))).id,
    save: (id: number, publication: Publication) => updatePost(handle.db, id, samplePost(publication)),
  },
  video: {
    create: async (publication: Publication) => (await createVideo(handle.db, sampleVideo(publication))).id,
    save: (id: number, publication: Publication) => updateVideo(handle.db, id, sampleVideo(publication)),
  },
} as const;

const shows = async (token: string) => previewSubject(handle.db, token);
const link = async (subject: RevisionSubject) => (await createPreviewLink(handle.db, subject)).token;

describe.each(["post", "video"] as const)("a %s's preview links", (kind) => {
  const { create, save } = kinds[kind];

  it("end when it is published, stay ended once it is unpublished, and a new one shows the new draft", async () => {
    const subject = { kind, id: await create({ status: "draft" }) };
    const [first, second] = [await link(subject), await link(subject)];
    expect(await shows(first)).toEqual(subject);
    // An edit that keeps it a draft keeps its links.
    await save(subject.id, { status: "draft" });
    expect(await shows(second)).toEqual(subject);

    await save(subject.id, { status: "published" });
    expect(await shows(first)).toBeNull();
    expect(await shows(second)).toBeNull();
    await save(subject.id, { status: "draft" });
    expect(await shows(first)).toBeNull();
    expect(await shows(second)).toBeNull();
    // Nothing left to revoke.
    expect(await revokePreviewLinks(handle.db, subject)).toBe(0);

    const next = await link(subject);
    expect(await shows(next)).toEqual(subject);
  });

  it("end when its schedule comes due, and stay ended once it is unpublished", async () => {
    const subject = { kind, id: await create({ status: "scheduled", publishedAt: inAnHour() }) };
    const token = await link(subject);
    expect(await shows(token)).toEqual(subject);
    const published = await publishDue(handle.db, { now: new Date(Date.now() + 2 * HOUR) });
    expect(published[kind === "post" ? "posts" : "videos"]).toContain(subject.id);
    expect(await shows(token)).toBeNull();
    await save(subject.id, { status: "draft" });
    expect(await shows(token)).toBeNull();
    expect(await shows(await link(subject))).toEqual(subject);
  });

  it("end when it is published early, and a schedule moved leaves them alone", async () => {
    const subject = { kind, id: await create({ status: "scheduled", publishedAt: inAnHour() }) };
    const token = await link(subject);
    await save(subject.id, { status: "scheduled", publishedAt: new Date(Date.now() + 2 * HOUR).toISOString() });
    expect(await shows(token)).toEqual(subject);
    await save(subject.id, { status: "published" });
    expect(await shows(token)).toBeNull();
    await save(subject.id, { status: "scheduled", publishedAt: inAnHour() });
    expect(await shows(token)).toBeNull();
  });

  it("are not made while it is published, which would show its next draft after an unpublish", async () => {
    const subject = { kind, id: await create({ status: "published" }) };
    await expect(link(subject)).rejects.toMatchObject({
      code: "conflict",
      message: `This ${kind} is published: share its page instead of a preview`,
    });
    expect(await revokePreviewLinks(handle.db, subject)).toBe(0);
  });
});

it("end only the links of what was published", async () => {
  const published = { kind: "post", id: await kinds.post.create({ status: "draft" }) } as const;
  const other = { kind: "post", id: await kinds.post.create({ status: "draft" }) } as const;
  const [gone, kept] = [await link(published), await link(other)];
  await kinds.post.save(published.id, { status: "published" });
  expect(await shows(gone)).toBeNull();
  expect(await shows(kept)).toEqual(other);
});

it("end, by the migration that brought this in, for whatever was already published", async () => {
  const post = { kind: "post", id: await kinds.post.create({ status: "draft" }) } as const;
  const video = { kind: "video", id: await kinds.video.create({ status: "draft" }) } as const;
  const draft = { kind: "post", id: await kinds.post.create({ status: "draft" }) } as const;
  const [postLink, videoLink, draftLink] = [await link(post), await link(video), await link(draft)];
  // Published as before the change, leaving their links behind.
  await handle.db.update(posts).set({ status: "published" }).where(eq(posts.id, post.id));
  await handle.db.update(videos).set({ status: "published" }).where(eq(videos.id, video.id));
  const migration = await readFile("db/migrations/0018_end_published_previews.sql", "utf8");
  for (const statement of migration.split("--> statement-breakpoint")) await handle.db.execute(sql.raw(statement));
  expect(await shows(postLink)).toBeNull();
  expect(await shows(videoLink)).toBeNull();
  expect(await shows(draftLink)).toEqual(draft);
});
