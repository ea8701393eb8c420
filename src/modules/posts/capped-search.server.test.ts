import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { posts } from "../../../db/schema/index.ts";
import { queryPlans } from "../../../tests/setup/query-plans.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import type { Db } from "@/lib/db.server";
import { rankedSearch, type SearchLimits } from "@/lib/full-text.server";
import type { PageRequest } from "@/lib/paging";
import { isPublic } from "@/modules/editorial/visibility.server";

// A search that stops counting at its cap reads its page another way (the hits ranked by
// their title and excerpt, then the newest of the rest); a visitor paging through must see
// the same posts in the same order as a search that counts them all.

const CAP = 20;
/** A cap no search here reaches: every hit ranked and counted. */
const EXACT = { cap: 1_000_000 };
const LIMIT = 6;
const source = { table: posts, rankBy: posts.searchHead, visible: isPublic(posts) };
const search = (db: Db, term: string, page: PageRequest, limits: Partial<SearchLimits>) =>
  rankedSearch(db, source, term, page, (ids) => Promise.resolve(ids.map((id) => ({ id }))), limits);

let handle: DbHandle;

/**
 * Posts whose words are known: "kettle" in a third of the titles, a fifth of the excerpts and
 * three bodies in four; "toaster" in every body and a few titles; "hums" only in bodies. Their
 * dates are not in the order of their ids, and pairs share a date.
 */
async function writePosts(db: Db, n: number) {
  const post = (i: number) => ({
    slug: `post-${String(i)}`,
    title: `Post ${String(i)}${i % 3 === 0 ? " and its kettle" : ""}${i % 7 === 0 ? ", a toaster" : ""}`,
    excerpt: i % 5 === 0 ? "Where the kettle sits." : "Where nothing sits.",
    content: i % 4 === 0 ? "The toaster waits." : "The kettle hums. The toaster waits.",
    category: "Meh Moments" as const,
    readTime: 1,
    publishedAt: new Date(Date.UTC(2024, 0, 1) + ((i * 7) % (n / 2)) * 3_600_000),
  });
  await db.insert(posts).values(Array.from({ length: n }, (_, i) => post(i)));
  // A scheduled post holds the words too, and stays out of both counts.
  const later = { ...post(1), slug: "later", status: "scheduled" as const };
  await db.insert(posts).values({ ...later, publishedAt: new Date(Date.now() + 86_400_000) });
}

beforeAll(async () => {
  handle = await createTestDb();
  await writePosts(handle.db, 100);
});
afterAll(async () => {
  await handle.close();
});

/** Every page a capped search reads itself: those ending within the cap. */
const cappedPages = Array.from({ length: Math.floor(CAP / LIMIT) }, (_, i) => ({ page: i + 1, limit: LIMIT }));

it("says there are more than it counted, past its cap", async () => {
  const exact = await search(handle.db, "kettle", { page: 1, limit: LIMIT }, EXACT);
  expect(exact.total).toBeGreaterThan(CAP);
  expect(exact.capped).toBeUndefined();
  const capped = await search(handle.db, "kettle", { page: 1, limit: LIMIT }, { cap: CAP });
  expect(capped).toMatchObject({ total: CAP + 1, capped: true });
  // A page past the cap is read and counted exactly.
  const deep = await search(handle.db, "kettle", { page: cappedPages.length + 1, limit: LIMIT }, { cap: CAP });
  expect(deep.total).toBe(exact.total);
  expect(deep.capped).toBeUndefined();
});

it.each([
  ["reads the newest rows", { cap: CAP }],
  ["sorts every hit by date when the newest rows hold too few", { cap: CAP, newestRowsTested: 3 }],
])("orders each page as the exact search does, when it %s", async (_how, limits) => {
  // Words in titles and bodies, in bodies alone, two at once, and a query that excludes a
  // word of the bodies: its matches in a title are not all hits.
  for (const term of ["kettle", "toaster", "hums", "kettle toaster", "toaster -hums"]) {
    const pages = [];
    for (const page of cappedPages) {
      const exact = await search(handle.db, term, page, EXACT);
      const capped = await search(handle.db, term, page, limits);
      expect(capped.items, `${term}, page ${String(page.page)}`).toEqual(exact.items);
      pages.push(capped);
    }
    expect(pages.some((page) => page.capped)).toBe(true);
  }
});

it("reads the ranked hits from their own index and the rest from the listings', newest first", async () => {
  // A word only in bodies: none is ranked, and the page is the newest hits.
  const plans = await queryPlans(handle, (db) => search(db, "hums", { page: 1, limit: LIMIT }, { cap: CAP }));
  expect(plans.some((plan) => plan.includes("Bitmap Index Scan on posts_search_head_idx"))).toBe(true);
  const newest = plans.find((plan) => plan.includes("posts_newest_idx"));
  expect(newest).toMatch(/Index Scan using posts_newest_idx/);
  expect(newest).not.toContain("Sort");
  expect(plans.join("\n")).not.toContain("Seq Scan");
});
