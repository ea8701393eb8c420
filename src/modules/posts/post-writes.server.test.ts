import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { postImages, posts } from "../../../db/schema/index.ts";
import { samplePost } from "../../../tests/setup/sample-items.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { sitePages } from "@/modules/publishing/site-pages.server";
import { freeSlug } from "@/lib/unique-slug.server";
import { addPostImage, createPost, deletePost, deletePostImage, postSlugs, updatePost } from "./post-writes.server";
import { postGallery } from "./posts.server";
import { postInputSchema } from "./schema";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

const input = samplePost;

describe("createPost", () => {
  it("derives slug and read time on the server, defaults the cover, and saves images in order", async () => {
    const post = await createPost(
      handle.db,
      input({
        slug: "ignored-client-slug",
        readTime: 99,
        images: [
          { imageUrl: "/uploads/a.jpg", description: "first" },
          { imageUrl: "/uploads/b.jpg", description: " ", displayOrder: 7 },
        ],
      }),
    );
    expect(post.slug).toBe("the-stapler-nobody-refills");
    expect(post.readTime).toBe(3);
    expect(post.imageUrl).toBe("/images/placeholder.svg");
    expect(post.mehRating).toBe(4);
    const gallery = await postGallery(handle.db, post.id);
    expect(gallery?.map((i) => [i.imageUrl, i.description, i.displayOrder])).toEqual([
      ["/uploads/a.jpg", "first", 0],
      ["/uploads/b.jpg", null, 1],
    ]);
  });

  it("never hands out one slug twice, even to simultaneous creates", async () => {
    const created = await Promise.all(
      Array.from({ length: 8 }, () => createPost(handle.db, input({ title: "Same Title!" }))),
    );
    const slugs = created.map((p) => p.slug).sort();
    expect(new Set(slugs).size).toBe(8);
    expect(slugs).toContain("same-title");
    expect(slugs).toContain("same-title-7");
  });

  it("shows, before saving, the slug the save then gives", async () => {
    const shown = await freeSlug(handle.db, postSlugs, "Same Title!");
    expect(shown).toBe("same-title-8");
    expect((await createPost(handle.db, input({ title: "Same Title!" }))).slug).toBe(shown);
    expect(await freeSlug(handle.db, postSlugs, "Same-Title")).toBe("same-title-9");
  });

  it("rates a post 3 when no rating, or an unusable one, is sent", async () => {
    const { mehRating: _omit, ...withoutRating } = input();
    expect((await createPost(handle.db, postInputSchema.parse(withoutRating))).mehRating).toBe(3);
    expect((await createPost(handle.db, input({ mehRating: "" }))).mehRating).toBe(3);
    expect((await createPost(handle.db, input({ mehRating: 11 }))).mehRating).toBe(5);
  });

  it("gives a title without word characters a usable slug", async () => {
    expect((await createPost(handle.db, input({ title: "!!!" }))).slug).toMatch(/^post(-\d+)?$/);
  });

  it("drops the stored pages the new post affects", async () => {
    const store = sitePages();
    const page = { status: 200, headers: [], body: Buffer.from("old home"), maxAgeSeconds: 60 };
    await store.put("/", { ...page, tags: ["posts", "videos"] }, store.epoch());
    await store.put("/videos", { ...page, tags: ["videos"] }, store.epoch());
    await createPost(handle.db, input({ title: "Fresh" }));
    expect(store.get("/")).toBeUndefined();
    expect(store.get("/videos")).toBeDefined();
  });
});

describe("the post schema", () => {
  it("refuses an uploaded video as the cover or a gallery image, naming the field", () => {
    const post = { title: "T", excerpt: "E", content: "C", category: "Meh Moments" };
    const video = "/uploads/videos/abcdefghijklmnopqrstuvwxyz.mp4";
    const fieldAtFault = (extra: object) => postInputSchema.safeParse({ ...post, ...extra }).error?.issues[0]?.path;
    expect(fieldAtFault({ imageUrl: video })).toEqual(["imageUrl"]);
    expect(fieldAtFault({ images: [{ imageUrl: "/uploads/seed/a.jpg" }, { imageUrl: video }] })).toEqual([
      "images",
      1,
      "imageUrl",
    ]);
    expect(fieldAtFault({ imageUrl: "/uploads/images/a.jpg", images: [{ imageUrl: "https://x.example/v.mp4" }] })).toBe(
      undefined,
    );
  });
});

describe("updatePost", () => {
  it("keeps the slug, recomputes read time and replaces the gallery when sent", async () => {
    const post = await createPost(handle.db, input({ title: "Before", images: [{ imageUrl: "/uploads/x.jpg" }] }));
    const updated = await updatePost(
      handle.db,
      post.id,
      input({
        title: "After",
        content: "short",
        images: [{ imageUrl: "/uploads/y.jpg" }, { imageUrl: "/uploads/z.jpg" }],
      }),
    );
    expect(updated.slug).toBe(post.slug);
    expect(updated.title).toBe("After");
    expect(updated.readTime).toBe(1);
    expect((await postGallery(handle.db, post.id))?.map((i) => i.imageUrl)).toEqual([
      "/uploads/y.jpg",
      "/uploads/z.jpg",
    ]);
    await updatePost(handle.db, post.id, input({ title: "Again" }));
    expect(await postGallery(handle.db, post.id)).toHaveLength(2);
  });

  it("is a 404 for an unknown post and writes nothing", async () => {
    await expect(updatePost(handle.db, 999_999, input())).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("deleting", () => {
  it("removes a post with its images, and single images", async () => {
    const post = await createPost(handle.db, input({ images: [{ imageUrl: "/uploads/x.jpg" }] }));
    const extra = await addPostImage(handle.db, post.id, {
      imageUrl: "/uploads/extra.jpg",
      description: null,
      caption: null,
      displayOrder: 5,
    });
    await deletePostImage(handle.db, extra.id);
    expect(await postGallery(handle.db, post.id)).toHaveLength(1);
    await deletePost(handle.db, post.id);
    expect(await handle.db.select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
    expect(await handle.db.select().from(postImages).where(eq(postImages.postId, post.id))).toEqual([]);
    await expect(deletePost(handle.db, post.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(deletePostImage(handle.db, extra.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(
      addPostImage(handle.db, post.id, {
        imageUrl: "/uploads/x.jpg",
        description: null,
        caption: null,
        displayOrder: 0,
      }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
