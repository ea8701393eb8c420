import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "./client.ts";
import { layoutVersions, pageLayouts, postImages, posts, users } from "./schema/index.ts";
import { insertPost, insertPostImage } from "../tests/factories.ts";
import { createTestDb } from "../tests/setup/test-db.ts";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

describe("the database itself enforces the rules", () => {
  it.each([
    ["a rating below 1", { mehRating: 0 }],
    ["a rating above 5", { mehRating: 6 }],
    ["an unknown category", { category: "Things That Tried Hard" }],
    ["a read time of zero", { readTime: 0 }],
    ["a slug with spaces", { slug: "not a slug" }],
  ])("refuses %s", async (_, values) => {
    await expect(insertPost(handle.db, values)).rejects.toThrow();
  });

  it("keeps slugs unique", async () => {
    await insertPost(handle.db, { slug: "only-once" });
    await expect(insertPost(handle.db, { slug: "only-once" })).rejects.toThrow();
  });

  it("removes a post's images with the post", async () => {
    const post = await insertPost(handle.db);
    await insertPostImage(handle.db, post.id, 0);
    await handle.db.delete(posts).where(eq(posts.id, post.id));
    expect(await handle.db.select().from(postImages).where(eq(postImages.postId, post.id))).toEqual([]);
  });

  it("numbers a layout's versions uniquely and removes them with the layout", async () => {
    const [user] = await handle.db.insert(users).values({ username: "designer", passwordHash: "x" }).returning();
    const [layout] = await handle.db
      .insert(pageLayouts)
      .values({ pageName: "home", elements: [], createdBy: user?.id })
      .returning();
    if (!layout) throw new Error("insert failed");
    await handle.db.insert(layoutVersions).values({ layoutId: layout.id, versionNumber: 1, elements: [] });
    await expect(
      handle.db.insert(layoutVersions).values({ layoutId: layout.id, versionNumber: 1, elements: [] }),
    ).rejects.toThrow();
    await handle.db.delete(pageLayouts).where(eq(pageLayouts.id, layout.id));
    expect(await handle.db.select().from(layoutVersions).where(eq(layoutVersions.layoutId, layout.id))).toEqual([]);
  });

  it("weights the search document title > excerpt > content", async () => {
    const post = await insertPost(handle.db, { title: "Alpha", excerpt: "Beta", content: "Gamma" });
    const [row] = await handle.db
      .select({ doc: sql<string>`${posts.search}::text` })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(row?.doc).toBe("'alpha':1A 'beta':2B 'gamma':3C");
  });
});
