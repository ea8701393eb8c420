import { expect, test, type Page } from "@playwright/test";
import { pagefindSearch } from "../setup/pagefind-search";
import { holdClock, holdRequests, hydrated, siteOrigin } from "./support";

// When the search API cannot answer, the listings answer from the Pagefind index the
// server builds from the same content, and say so quietly.
const OFFLINE_NOTE = "these are offline results";
// Answering from the index first loads Pagefind's script, its WASM and the index's chunks:
// the slowest thing a page does, on a busy machine well past a plain assertion's 5 s.
const OFFLINE_LOAD = { timeout: 20_000 };
const main = (page: Page) => page.getByRole("main");
const videosSection = (page: Page) => main(page).getByRole("region", { name: "Videos" });
/** The words a result card's snippet marks as matched. */
const marked = (page: Page, title: string) =>
  main(page)
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name: title }) })
    .locator("mark");

async function search(page: Page, label: string, term: string): Promise<void> {
  await main(page).getByRole("searchbox", { name: label }).fill(term);
  await main(page).getByRole("button", { name: "Search" }).click();
}

test.beforeAll(async ({ request }) => {
  // The index is built in the background as the server starts.
  await expect.poll(async () => (await request.get("/pagefind/pagefind-entry.json")).status()).toBe(200);
});

test.describe("with the search API down", () => {
  test("the archive finds posts and videos from the index when calls fail or error", async ({ page }) => {
    // Pagefind runs under the site's CSP: nothing it does may be refused, and the pages
    // grant it nothing beyond their own scripts (its WASM runs in its worker, under the
    // worker script's policy).
    await page.addInitScript(() => {
      const refused: string[] = [];
      Object.assign(window, { refused });
      document.addEventListener("securitypolicyviolation", (event) => refused.push(event.violatedDirective));
    });
    await page.route("**/api/posts/search?**", (route) => route.abort("connectionfailed"));
    await page.route("**/api/videos/search?**", (route) => route.fulfill({ status: 500, body: "Internal error" }));
    await page.goto("/archive");
    await hydrated(page, "ArchiveBrowser");
    await search(page, "Search posts and videos", "waiting");

    await expect(page).toHaveURL(/\/archive\?search=waiting$/);
    await expect(main(page).getByText(OFFLINE_NOTE).first()).toBeVisible(OFFLINE_LOAD);
    await expect(page.locator(".listing__count")).toHaveText('3 posts found for "waiting"');
    await expect(main(page).getByRole("link", { name: "Chair Number Four, Left of the Ficus" })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Hold Music, Movement Two" })).toBeVisible();
    // Pagefind's excerpt becomes the card's snippet, its matches marked as the API's are.
    await expect(marked(page, "Chair Number Four, Left of the Ficus").first()).toHaveText(/^wait/i);
    await expect(videosSection(page).getByText(OFFLINE_NOTE)).toBeVisible();
    await expect(videosSection(page).getByRole("link", { name: "Ceiling Tiles, Ranked" })).toBeVisible();
    await expect(page.getByText("Search failed")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
    const policy = (await page.request.get("/archive")).headers()["content-security-policy"] ?? "";
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("unsafe-eval");

    // A typo-free term the index does not hold is an honest empty result, still marked.
    await search(page, "Search posts and videos", "zzzyzzy");
    await expect(main(page).getByText('No posts found for "zzzyzzy"')).toBeVisible();
  });

  test("the archive's categories are listed from the index, newest first", async ({ page }) => {
    await page.route("**/api/posts?**", (route) => route.abort("connectionfailed"));
    await page.goto("/archive");
    await hydrated(page, "ArchiveBrowser");
    await main(page)
      .getByRole("navigation", { name: "Filter by category" })
      .getByRole("link", { name: "Waiting Room Diaries" })
      .click();
    await expect(main(page).getByText(OFFLINE_NOTE)).toBeVisible(OFFLINE_LOAD);
    await expect(main(page).locator(".grid h2")).toHaveText([
      "Hold Music, Movement Two",
      "Chair Number Four, Left of the Ficus",
    ]);
  });

  test("the videos page finds videos from the index", async ({ page }) => {
    await page.route("**/api/videos/search?**", (route) => route.fulfill({ status: 500, body: "Internal error" }));
    await page.goto("/videos");
    await hydrated(page, "VideoBrowser");
    await search(page, "Search videos", "cloud");
    await expect(main(page).getByText(OFFLINE_NOTE)).toBeVisible(OFFLINE_LOAD);
    await expect(main(page).getByRole("link", { name: "One Cloud, Unremarkable" })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Ceiling Tiles, Ranked" })).toHaveCount(0);
  });

  test("the index finds a word only a video says, its moment linked", async ({ page }) => {
    // The seeded videos' captions are read in the background at start, then indexed again.
    await expect
      .poll(() => pagefindSearch(siteOrigin(), "considers"), OFFLINE_LOAD)
      .toContain("/videos/the-kettle-that-took-its-time");
    await page.route("**/api/videos/search?**", (route) => route.fulfill({ status: 500, body: "Internal error" }));
    await page.goto("/videos");
    await hydrated(page, "VideoBrowser");
    await search(page, "Search videos", "considers");
    await expect(main(page).getByText(OFFLINE_NOTE)).toBeVisible(OFFLINE_LOAD);
    await expect(main(page).getByRole("link", { name: "Said at 0:02" })).toHaveAttribute(
      "href",
      "/videos/the-kettle-that-took-its-time#t=2",
    );
    await expect(main(page).locator(".card__moment mark")).toHaveText("considers");
  });

  test("a search the API has not answered after 5 s is answered from the index", async ({ page }) => {
    const held = await holdRequests(page, "**/api/videos/search?**");
    await page.goto("/videos");
    await hydrated(page, "VideoBrowser");
    await page.clock.install();
    await holdClock(page);
    await search(page, "Search videos", "cloud");
    await held.arrived;
    await expect(page.locator(".card--skeleton").first()).toBeVisible();
    await page.clock.runFor(5000);
    await expect(main(page).getByText(OFFLINE_NOTE)).toBeVisible(OFFLINE_LOAD);
    await expect(main(page).getByRole("link", { name: "One Cloud, Unremarkable" })).toBeVisible();
    held.release();
  });
});

test("a search from the header finds videos too, under the posts", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("searchbox", { name: "Search posts and videos" }).first().fill("kettle");
  await page.getByRole("banner").getByRole("searchbox").first().press("Enter");
  await expect(page).toHaveURL(/\/archive\?search=kettle$/);
  await expect(videosSection(page).getByRole("link", { name: "The Kettle That Took Its Time" })).toBeVisible();
  await expect(videosSection(page).getByText('1 video found for "kettle"')).toBeVisible();
  await expect(marked(page, "The Kettle That Took Its Time").first()).toHaveText(/^kettle/i);
  await expect(main(page).getByText(OFFLINE_NOTE)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the archive's search lists the posts and videos it finds", async ({ page }) => {
    await page.goto("/archive?search=waiting");
    await expect(page.locator(".listing__count")).toHaveText('3 posts found for "waiting"');
    await expect(marked(page, "Chair Number Four, Left of the Ficus").first()).toHaveText(/^wait/i);
    await expect(videosSection(page).getByRole("link", { name: "Ceiling Tiles, Ranked" })).toBeVisible();
  });
});
