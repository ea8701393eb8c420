import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { posts, rateLimits } from "../../../db/schema/index.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { contentVersion } from "./content-version.server";
import { currentKeptPages } from "../../server/page-snapshot";
import type { StoredPage } from "./stored-page.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

const post = {
  slug: "versioned",
  title: "Versioned",
  excerpt: "E.",
  content: "C.",
  contentText: "C.",
  category: "Meh Moments",
  readTime: 1,
};

describe("the content version", () => {
  it("moves on with every change to what public pages show, by whoever makes it, and with nothing else", async () => {
    const { db } = handle;
    const steps: number[] = [await contentVersion(db)];
    const [row] = await db.insert(posts).values(post).returning({ id: posts.id });
    steps.push(await contentVersion(db));
    await db
      .update(posts)
      .set({ title: "Versioned, again" })
      .where(eq(posts.id, row?.id ?? 0));
    steps.push(await contentVersion(db));
    // Neither a write that changes no page nor a read moves it.
    await db.insert(rateLimits).values({ key: "versioned", count: 1, resetAt: new Date() });
    await db.select().from(posts);
    steps.push(await contentVersion(db));
    // A statement that changes no row (a refused update of a missing post) moves nothing.
    await db.update(posts).set({ title: "Nobody" }).where(eq(posts.id, -1));
    steps.push(await contentVersion(db));
    await db.delete(posts).where(eq(posts.id, row?.id ?? 0));
    steps.push(await contentVersion(db));
    // One statement is one change, however many rows it writes.
    await db.insert(posts).values([
      { ...post, slug: "versioned-a" },
      { ...post, slug: "versioned-b" },
    ]);
    steps.push(await contentVersion(db));
    const [first = 0] = steps;
    expect(steps.map((v) => v - first)).toEqual([0, 1, 2, 2, 2, 3, 4]);
  });

  it("keeps, of the pages a clean stop kept, those rendered at the current version (all of them, embedded)", async () => {
    const current = await contentVersion(handle.db);
    const kept = (contentVersion: number) => ({ contentVersion }) as StoredPage;
    const pages: [string, StoredPage][] = [
      ["/", kept(current)],
      ["/archive", kept(current - 1)],
    ];
    const url = handle.pool?.options.connectionString ?? "memory://";
    const still = await currentKeptPages(url, pages);
    expect(still.map(([key]) => key)).toEqual(handle.pool ? ["/"] : ["/", "/archive"]);
  });
});
