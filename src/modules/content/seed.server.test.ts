import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { postImages, posts, videos } from "../../../db/schema/index.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { CATEGORIES } from "@/lib/categories";
import { LocalStore } from "@/modules/uploads/local-store.server";
import { seedIfEmpty } from "./seed.server";

let handle: DbHandle;
let uploadsDir: string;
const contentDir = path.resolve("content");

beforeAll(async () => {
  handle = await createTestDb();
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), "meh-uploads-"));
});
afterAll(async () => {
  await handle.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const fileOf = (url: string) => path.join(uploadsDir, url.replace(/^\/uploads\//, ""));

describe("seedIfEmpty", () => {
  it("seeds an empty database with the sample content and its media", async () => {
    expect(await seedIfEmpty(handle.db, { contentDir, store: new LocalStore(uploadsDir, handle.db) })).toBe(true);

    const allPosts = await handle.db.select().from(posts);
    expect(allPosts).toHaveLength(6);
    expect(new Set(allPosts.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(allPosts.filter((p) => p.featured)).toHaveLength(1);
    for (const post of allPosts) {
      // Counted as a reader reads them: the Markdown's words, not its syntax.
      expect(post.format, post.slug).toBe("markdown");
      const words = (post.contentText ?? "").split(/\s+/).filter(Boolean).length;
      expect(words, post.slug).toBeGreaterThanOrEqual(300);
      expect(post.content.split("\n").filter(Boolean).length, post.slug).toBeGreaterThan(3);
      expect(post.readTime).toBe(Math.ceil(words / 200));
      expect([post.existentialEcho, post.soundtrackPotential, post.emotionalTexture].every(Boolean), post.slug).toBe(
        true,
      );
      expect(existsSync(fileOf(post.imageUrl)), post.imageUrl).toBe(true);
    }

    const images = await handle.db.select().from(postImages);
    const perPost = Map.groupBy(images, (i) => i.postId);
    const withGallery = [...perPost.values()].filter((g) => g.length >= 2 && g.length <= 3);
    expect(withGallery.length).toBeGreaterThanOrEqual(3);
    for (const image of images) expect(existsSync(fileOf(image.imageUrl)), image.imageUrl).toBe(true);
    // The images the essays show in their text are stored with the rest.
    const shown = allPosts.flatMap((post) => [...post.content.matchAll(/\]\((\/uploads\/seed\/[^ )]+)/g)]);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    for (const [, url = ""] of shown) expect(existsSync(fileOf(url)), url).toBe(true);

    const allVideos = await handle.db.select().from(videos);
    expect(allVideos).toHaveLength(6);
    for (const video of allVideos) {
      expect(video.duration, video.slug).toBeGreaterThanOrEqual(2);
      expect(existsSync(fileOf(video.videoUrl)), video.videoUrl).toBe(true);
      expect(existsSync(fileOf(video.thumbnailUrl)), video.thumbnailUrl).toBe(true);
    }
    // What the captions say is seeded with each video (none read: an empty transcript), so
    // the transcripts job has nothing to change at a new site's first start.
    const said = new Map(allVideos.map((video) => [video.slug, video.transcript]));
    expect([...said.values()].every((transcript) => Array.isArray(transcript))).toBe(true);
    expect(said.get("the-kettle-that-took-its-time")?.map((cue) => cue.text)).toEqual([
      "[a kettle, switched on]",
      "[the kettle considers boiling]",
      "[steam, eventually]",
    ]);
    expect(said.get("one-cloud-unremarkable")).toEqual([]);
  });

  it("never seeds twice, even after the owner deletes everything", async () => {
    expect(await seedIfEmpty(handle.db, { contentDir, store: new LocalStore(uploadsDir, handle.db) })).toBe(false);
    await handle.db.delete(posts);
    await handle.db.delete(videos);
    expect(await seedIfEmpty(handle.db, { contentDir, store: new LocalStore(uploadsDir, handle.db) })).toBe(false);
    expect(await handle.db.select().from(posts)).toEqual([]);
  });
});
