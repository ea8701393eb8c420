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

/**
 * The constraint that refused a write. Any error would do for `.rejects.toThrow()`, even a
 * typo in the test's SQL; naming the constraint proves the database's own rule said no.
 * Drizzle wraps the driver's error, so the name (pg's and PGlite's `constraint`) is found
 * by walking `cause`.
 */
async function refusedBy(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
  } catch (error) {
    let current: unknown = error;
    // A cause chain may loop back on itself: stop there rather than spin.
    const seen = new Set<unknown>();
    while (typeof current === "object" && current !== null && !seen.has(current)) {
      seen.add(current);
      if ("constraint" in current && typeof current.constraint === "string") return current.constraint;
      current = "cause" in current ? current.cause : undefined;
    }
    return undefined;
  }
  throw new Error("the write was accepted");
}

describe("the database itself enforces the rules", () => {
  it.each([
    ["a rating below 1", { mehRating: 0 }, "posts_meh_rating_range"],
    ["a rating above 5", { mehRating: 6 }, "posts_meh_rating_range"],
    ["an unknown category", { category: "Things That Tried Hard" }, "posts_category_known"],
    ["a read time of zero", { readTime: 0 }, "posts_read_time_positive"],
    ["a slug with spaces", { slug: "not a slug" }, "posts_slug_format"],
  ])("refuses %s", async (_, values, constraint) => {
    expect(await refusedBy(insertPost(handle.db, values))).toBe(constraint);
  });

  it("keeps slugs unique", async () => {
    await insertPost(handle.db, { slug: "only-once" });
    expect(await refusedBy(insertPost(handle.db, { slug: "only-once" }))).toBe("posts_slug_unique");
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
    expect(
      await refusedBy(handle.db.insert(layoutVersions).values({ layoutId: layout.id, versionNumber: 1, elements: [] })),
    ).toBe("layout_versions_layout_version_unique");
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
