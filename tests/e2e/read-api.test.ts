import { expect, test } from "@playwright/test";

const POST_FIELDS = [
  "id",
  "slug",
  "title",
  "excerpt",
  "content",
  "imageUrl",
  "category",
  "mehRating",
  "existentialEcho",
  "soundtrackPotential",
  "emotionalTexture",
  "readTime",
  "publishedAt",
  "featured",
].sort();
const VIDEO_FIELDS = [
  "id",
  "slug",
  "title",
  "description",
  "videoUrl",
  "thumbnailUrl",
  "duration",
  "category",
  "mehRating",
  "existentialEcho",
  "soundtrackPotential",
  "emotionalTexture",
  "publishedAt",
  "featured",
].sort();

interface Item {
  id: number;
  slug: string;
  title: string;
  category: string;
  publishedAt: string;
  snippet?: { text: string; match: boolean }[];
}

test.describe("posts", () => {
  test("lists every post, newest first, with exactly the spec's fields", async ({ request }) => {
    const res = await request.get("/api/posts");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/json");
    const posts = (await res.json()) as Item[];
    expect(posts).toHaveLength(6);
    expect(Object.keys(posts[0] ?? {}).sort()).toEqual(POST_FIELDS);
    const dates = posts.map((p) => Date.parse(p.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  test("filters by category, and refuses an unknown one with 400", async ({ request }) => {
    const res = await request.get(`/api/posts?category=${encodeURIComponent("Waiting Room Diaries")}`);
    const posts = (await res.json()) as Item[];
    expect(posts.length).toBe(2);
    expect(posts.every((p) => p.category === "Waiting Room Diaries")).toBe(true);

    const bad = await request.get("/api/posts?category=Spectacular");
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "category", error: expect.stringContaining("must be one of") });
  });

  test("gives the featured post and six recent posts", async ({ request }) => {
    const featured = (await (await request.get("/api/posts/featured")).json()) as Item;
    expect(featured.slug).toBe("in-praise-of-the-hotel-lobby-painting");
    expect((await (await request.get("/api/posts/recent")).json()) as Item[]).toHaveLength(6);
  });

  test("searches by relevance, with typos, and returns nothing for a blank term", async ({ request }) => {
    const found = (await (await request.get("/api/posts/search?q=sandwich")).json()) as Item[];
    expect(found[0]?.slug).toBe("the-sandwich-was-fine");
    const typo = (await (await request.get("/api/posts/search?q=puddels")).json()) as Item[];
    expect(typo[0]?.slug).toBe("a-field-guide-to-puddles");
    // Results say where the term was found: a snippet with its matches marked, as text.
    const cards = (await (await request.get("/api/posts/search?q=sandwiches&view=card")).json()) as Item[];
    expect(cards[0]).not.toHaveProperty("content");
    expect(cards[0]?.snippet).toContainEqual({ text: "sandwich", match: true });
    for (const q of ["", "%20%20", "'%22%3B--", "a%20%26%20%7C%20!"]) {
      const res = await request.get(`/api/posts/search?q=${q}`);
      expect(res.status(), q).toBe(200);
    }
    expect(await (await request.get("/api/posts/search?q=%20")).json()).toEqual([]);
    expect(await (await request.get("/api/posts/search")).json()).toEqual([]);
  });

  test("gives one post by slug, 404 for an unknown one", async ({ request }) => {
    const post = (await (await request.get("/api/posts/the-sandwich-was-fine")).json()) as Item;
    expect(post.title).toBe("The Sandwich Was Fine");
    const missing = await request.get("/api/posts/no-such-post");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: "Post not found", code: "not_found" });
  });

  test("gives a post's images in display order; 404 for an unknown post, 400 for a bad id", async ({ request }) => {
    const post = (await (await request.get("/api/posts/in-praise-of-the-hotel-lobby-painting")).json()) as Item;
    const images = (await (await request.get(`/api/posts/${post.id}/images`)).json()) as {
      displayOrder: number;
      imageUrl: string;
      description: string;
    }[];
    expect(images).toHaveLength(3);
    expect(images.map((i) => i.displayOrder)).toEqual([0, 1, 2]);
    expect((await request.get("/api/posts/999999/images")).status()).toBe(404);
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const res = await request.get(`/api/posts/${id}/images`);
      expect(res.status(), id).toBe(400);
      expect(await res.json()).toMatchObject({ field: "id" });
    }
  });

  test("refuses a method an address does not take with 405 and what it does take", async ({ request }) => {
    const refused = await request.get("/api/posts/7/preview-link");
    expect(refused.status()).toBe(405);
    expect(refused.headers().allow).toBe("POST, DELETE");
    expect(await refused.json()).toMatchObject({ code: "method_not_allowed" });
    expect((await request.delete("/api/posts/recent")).status()).toBe(405);
  });
});

test.describe("videos", () => {
  test("lists every video with exactly the spec's fields, and filters by category", async ({ request }) => {
    const videos = (await (await request.get("/api/videos")).json()) as Item[];
    expect(videos).toHaveLength(6);
    expect(Object.keys(videos[0] ?? {}).sort()).toEqual(VIDEO_FIELDS);
    const grey = (await (
      await request.get(`/api/videos?category=${encodeURIComponent("Grey Days Sharp Eyes")}`)
    ).json()) as Item[];
    expect(grey.length).toBe(2);
    expect((await request.get("/api/videos?category=nope")).status()).toBe(400);
  });

  test("gives three recent videos, searches, and finds one by slug", async ({ request }) => {
    expect((await (await request.get("/api/videos/recent")).json()) as Item[]).toHaveLength(3);
    const found = (await (await request.get("/api/videos/search?q=kettle")).json()) as Item[];
    expect(found[0]?.slug).toBe("the-kettle-that-took-its-time");
    expect(await (await request.get("/api/videos/search?q=")).json()).toEqual([]);
    const video = (await (await request.get("/api/videos/ceiling-tiles-ranked")).json()) as Item & { duration: number };
    expect(video.duration).toBeGreaterThan(0);
    const missing = await request.get("/api/videos/nope");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: "Video not found", code: "not_found" });
  });
});

test("uploads refuse traversal and unknown files with 404", async ({ request }) => {
  for (const path of ["/uploads/..%2f..%2fpackage.json", "/uploads/seed/nothing.jpg", "/uploads/"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
