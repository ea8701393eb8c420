import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { insertPost, insertPostImage } from "../../../tests/factories.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import {
  featuredPost,
  listPosts,
  listPostsPage,
  postBySlug,
  postGallery,
  recentPosts,
  RECENT_POSTS,
  searchPosts,
} from "./posts.server";

let handle: DbHandle;
const day = (d: number) => new Date(Date.UTC(2026, 0, d));

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

describe("with no posts", () => {
  it("lists nothing, features nothing, finds nothing", async () => {
    const { db } = handle;
    expect(await listPosts(db)).toEqual([]);
    expect(await featuredPost(db)).toBeNull();
    expect(await recentPosts(db)).toEqual([]);
    expect(await searchPosts(db, "anything")).toEqual({ items: [], total: 0 });
    expect(await postBySlug(db, "nope")).toBeNull();
    expect(await postGallery(db, 1)).toBeNull();
  });
});

describe("with posts", () => {
  beforeAll(async () => {
    const { db } = handle;
    await insertPost(db, { title: "The Sandwich Was Fine", publishedAt: day(3), category: "Meh Moments" });
    await insertPost(db, {
      title: "Chair Number Four",
      publishedAt: day(5),
      category: "Waiting Room Diaries",
      excerpt: "A chair, and a sandwich eaten in it.",
      featured: true,
    });
    await insertPost(db, {
      title: "Puddles",
      publishedAt: day(4),
      category: "Grey Days Sharp Eyes",
      content: "Somebody dropped a sandwich near the puddle. It did not matter.",
      featured: true,
    });
    for (let i = 0; i < RECENT_POSTS; i++) await insertPost(db, { publishedAt: day(1) });
  });

  it("lists newest first and filters by category", async () => {
    const all = await listPosts(handle.db);
    expect(all.map((p) => p.publishedAt.getTime())).toEqual(
      [...all.map((p) => p.publishedAt.getTime())].sort((a, b) => b - a),
    );
    const waiting = await listPosts(handle.db, { category: "Waiting Room Diaries" });
    expect(waiting.map((p) => p.title)).toEqual(["Chair Number Four"]);
  });

  it("reads a listing a page at a time, each with the total, with no row twice or left out", async () => {
    const all = await listPosts(handle.db);
    const limit = 4;
    const pages = await Promise.all([1, 2, 3].map((page) => listPostsPage(handle.db, {}, { page, limit })));
    expect(pages.map((p) => p.total)).toEqual([all.length, all.length, all.length]);
    expect(pages.map((p) => p.items.length)).toEqual([4, 4, all.length - 8]);
    expect(pages.flatMap((p) => p.items.map((row) => row.id))).toEqual(all.map((row) => row.id));
    expect(await listPostsPage(handle.db, {}, { page: 4, limit })).toEqual({ items: [], total: all.length });
    const waiting = await listPostsPage(handle.db, { category: "Waiting Room Diaries" }, { page: 1, limit });
    expect(waiting.total).toBe(1);
  });

  it("pages search results, best first across pages, and counts every match", async () => {
    const first = await searchPosts(handle.db, "sandwich", { page: 1, limit: 2 });
    const second = await searchPosts(handle.db, "sandwich", { page: 2, limit: 2 });
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    expect([...first.items, ...second.items].map((p) => p.title)).toEqual([
      "The Sandwich Was Fine",
      "Chair Number Four",
      "Puddles",
    ]);
    expect(await searchPosts(handle.db, "sandwich", { page: 3, limit: 2 })).toEqual({ items: [], total: 3 });
  });

  it("features the newest featured post", async () => {
    expect((await featuredPost(handle.db))?.title).toBe("Chair Number Four");
  });

  it("limits recent posts to one grid", async () => {
    const recent = await recentPosts(handle.db);
    expect(recent).toHaveLength(RECENT_POSTS);
    expect(recent[0]?.title).toBe("Chair Number Four");
  });

  it("ranks a title match above an excerpt match above a content match", async () => {
    const found = (await searchPosts(handle.db, "sandwich")).items;
    expect(found.map((p) => p.title)).toEqual(["The Sandwich Was Fine", "Chair Number Four", "Puddles"]);
  });

  it("ranks matches only in the body after every title or excerpt match, newest first", async () => {
    const { db } = handle;
    const older = await insertPost(db, {
      title: "Older Gravel",
      publishedAt: day(6),
      content: "Kerb and kerb and kerb.",
    });
    const newer = await insertPost(db, { title: "Newer Gravel", publishedAt: day(7), content: "A kerb." });
    const titled = await insertPost(db, { title: "The Kerb", publishedAt: day(2) });
    const found = (await searchPosts(db, "kerb")).items.map((p) => p.id);
    expect(found).toEqual([titled.id, newer.id, older.id]);
  });

  it("tolerates a typo in a title word", async () => {
    const found = (await searchPosts(handle.db, "sandwhich")).items;
    expect(found[0]?.title).toBe("The Sandwich Was Fine");
  });

  it("treats search syntax and odd characters as text, never as an error", async () => {
    for (const term of ['"unclosed', "a & b | !c", "-", "'; drop table posts; --", "%_\\", "🙂"]) {
      await expect(searchPosts(handle.db, term)).resolves.toHaveProperty("items");
    }
    expect(await listPosts(handle.db)).not.toHaveLength(0);
  });

  it("finds nothing for a blank term, or for one of only words too common to search", async () => {
    expect(await searchPosts(handle.db, "   ")).toEqual({ items: [], total: 0 });
    // "The Sandwich Was Fine" holds both; as typos they would match nearly every title.
    expect(await searchPosts(handle.db, "the was")).toEqual({ items: [], total: 0 });
  });

  it("finds a post by slug", async () => {
    expect((await postBySlug(handle.db, "puddles"))?.title).toBe("Puddles");
  });

  it("returns a gallery in display order", async () => {
    const post = await insertPost(handle.db);
    await insertPostImage(handle.db, post.id, 2, "third");
    await insertPostImage(handle.db, post.id, 0, "first");
    await insertPostImage(handle.db, post.id, 1, "second");
    const gallery = await postGallery(handle.db, post.id);
    expect(gallery?.map((i) => i.description)).toEqual(["first", "second", "third"]);
    expect(await postGallery(handle.db, (await insertPost(handle.db)).id)).toEqual([]);
  });
});
