import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { growSite } from "../../../tests/setup/grow-site.ts";
import { queryPlans } from "../../../tests/setup/query-plans.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import type { Db } from "@/lib/db.server";
import { searchVideos } from "@/modules/videos/videos.server";
import { searchPosts } from "./posts.server";

// A search asks the full-text index and the titles' trigram index, whatever the planner knows
// of the tables. Offered the public's rule beside the term, both engines chose the listings'
// index of published rows, which every row is in, and tested the term on each row's whole
// document: PGlite did so until its hourly statistics, and even after them for a word in
// a sixth of the posts (150-250 ms a search at 10,000 posts).

let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
  // Never analysed, as an archive just imported or restored is until the hourly job runs.
  await growSite(handle.db, { posts: 400, videos: 100 });
});
afterAll(async () => {
  await handle.close();
});

it.each([
  ["posts", "posts", (db: Db) => searchPosts(db, "meh")],
  ["videos", "videos", (db: Db) => searchVideos(db, "meh")],
])("a search of the %s reads its two indexes, never the listings' one", async (_kind, table, search) => {
  const ranked = (await queryPlans(handle, search)).join("\n");
  expect(ranked).toContain(`Bitmap Index Scan on ${table}_search_idx`);
  expect(ranked).toContain(`Bitmap Index Scan on ${table}_title_trgm_idx`);
  expect(ranked).not.toContain(`${table}_newest_idx`);
  expect(ranked).not.toContain("Seq Scan");
});
