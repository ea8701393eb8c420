import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { growSite } from "../setup/grow-site.ts";
import { expect, test } from "./fixtures";
import { startInstance, type Instance } from "./instance";
import { hydrated } from "./support";

// A site of its own whose archive holds more posts with one word ("meh", in every generated
// post) than a search counts: 1,001 of them, written straight into its database first.
const GROWN = 1001;

let site: Instance;
let dir: string;

test.describe.configure({ mode: "default" });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  dir = mkdtempSync(path.join(os.tmpdir(), "meh-search-count-"));
  const database = `file:${path.join(dir, "db")}`;
  const handle = createDb(database);
  try {
    await runMigrations(handle);
    await growSite(handle.db, { posts: GROWN, videos: 0 });
  } finally {
    await handle.close();
  }
  site = await startInstance(playwright, database);
});

test.afterAll(async () => {
  await site.stop();
  rmSync(dir, { recursive: true, force: true });
});

const countLine = (page: import("@playwright/test").Page) => page.locator(".listing__count");
const pager = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Pages" });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a search for a word in more than 1,000 posts says so, and a page past them counts them all", async ({
    page,
  }) => {
    await page.goto(`${site.origin}/archive?search=meh`);
    await expect(countLine(page)).toHaveText('More than 1,000 posts found for "meh"');
    // No last page to name, but a next one.
    await expect(pager(page).locator(".pager__where")).toHaveText("Page 1");
    await expect(pager(page).getByRole("link", { name: "Next page" })).toHaveAttribute(
      "href",
      "/archive?search=meh&page=2",
    );

    // The 42nd page of 24 ends past the 1,000th post: it is counted exactly.
    const response = await page.goto(`${site.origin}/archive?search=meh&page=42`);
    expect(response?.status()).toBe(200);
    await expect(countLine(page)).toHaveText(/^1,0\d\d posts found for "meh"$/);
    const counted = Number((await countLine(page).textContent())?.match(/^([\d,]+)/)?.[1]?.replace(",", ""));
    expect(counted).toBeGreaterThanOrEqual(GROWN);
    await expect(pager(page).locator(".pager__where")).toHaveText(`Page 42 of ${String(Math.ceil(counted / 24))}`);
  });
});

test("the island turns a capped search's pages and keeps saying there are more", async ({ page }) => {
  await page.goto(`${site.origin}/archive?search=meh`);
  await hydrated(page, "ArchiveBrowser");
  const firstTitle = await page.locator(".listing .grid > li h2").first().textContent();
  const turned = page.waitForResponse((response) => response.url().includes("/api/posts/search"));
  await pager(page).getByRole("link", { name: "Next page" }).click();
  expect((await turned).headers()["x-total-count-at-least"]).toBe("1001");
  await expect(pager(page).locator(".pager__where")).toHaveText("Page 2");
  await expect(countLine(page)).toHaveText('More than 1,000 posts found for "meh"');
  await expect(page.locator(".listing .grid > li h2").first()).not.toHaveText(firstTitle ?? "");
});

test("the API says how many there are at least, and names no last page", async () => {
  const first = await site.request.get("/api/posts/search?q=meh&view=card");
  expect(first.status()).toBe(200);
  expect(first.headers()["x-total-count"]).toBeUndefined();
  expect(first.headers()["x-total-count-at-least"]).toBe("1001");
  expect(first.headers().link).not.toContain('rel="last"');
  expect(first.headers().link).toContain('</api/posts/search?q=meh&view=card&page=2>; rel="next"');
  expect((await first.json()) as unknown[]).toHaveLength(24);

  // Past the first 1,000, the count is exact and the last page named.
  const deep = await site.request.get("/api/posts/search?q=meh&view=card&page=11&limit=100");
  expect(Number(deep.headers()["x-total-count"])).toBeGreaterThanOrEqual(GROWN);
  expect(deep.headers().link).toContain('rel="last"');
});
