import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { queryPlans } from "../../../tests/setup/query-plans.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import type { Db } from "@/lib/db.server";
import { listVideosPage, recentVideos } from "@/modules/videos/videos.server";
import { featuredPost, listPostsPage, recentPosts } from "./posts.server";

let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

/**
 * The plans of what a listing reads, as a big archive would get them: with a table scan
 * priced out, as it is once a table holds thousands of rows, a page must come from an
 * index already in the listing's order, never from sorting every row.
 */
async function plansOf(read: (db: Db) => Promise<unknown>): Promise<string[]> {
  return queryPlans(handle, async (db) => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await read(tx);
    });
  });
}

it.each([
  ["the archive's first page", (db: Db) => listPostsPage(db)],
  ["a later page", (db: Db) => listPostsPage(db, {}, { page: 3, limit: 24 })],
  ["a category's page", (db: Db) => listPostsPage(db, { category: "Meh Moments" })],
  ["the newest posts (home, the feed)", (db: Db) => recentPosts(db, 20)],
  ["the featured post", (db: Db) => featuredPost(db)],
  ["a page of videos of a category", (db: Db) => listVideosPage(db, { category: "Meh Moments" })],
  ["the newest videos", (db: Db) => recentVideos(db, 20)],
])("%s is read in index order, without a sort", async (_what, read) => {
  const [page] = await plansOf(read);
  expect(page).toMatch(/Index (Only )?Scan/);
  expect(page).not.toMatch(/\bSort\b/);
});

it("a category's count is answered by an index, not a table scan", async () => {
  const plans = await plansOf((db) => listPostsPage(db, { category: "Meh Moments" }));
  const counting = plans.find((plan) => plan.includes("Aggregate"));
  expect(counting).toMatch(/posts_category_newest_idx/);
});
