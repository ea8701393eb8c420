import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { startInstance, type Instance } from "./instance";
import { hydrated } from "./support";

// A site of its own with more than a page of posts and videos: 6 sample posts + 60 make
// 66 (pages of 24, 24 and 18); 6 sample videos + 24 make 30 (24 and 6).
const ADDED_POSTS = 60;
const ADDED_VIDEOS = 24;
const ADMIN = { username: "paging-admin", password: "a long paging password" };

let site: Instance;
let dir: string;

// One site for the file: its tests run in turn on one worker, so its posts are written once
// rather than once for each worker the tests are spread over.
test.describe.configure({ mode: "default" });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  dir = mkdtempSync(path.join(os.tmpdir(), "meh-paging-"));
  site = await startInstance(playwright, `file:${path.join(dir, "db")}`, {
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  expect((await site.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const [sample] = (await (await site.request.get("/api/videos")).json()) as {
    videoUrl: string;
    thumbnailUrl: string;
  }[];
  for (let i = 1; i <= ADDED_POSTS; i++) {
    const created = await site.request.post("/api/posts", {
      data: {
        title: `Paged Post ${String(i)}`,
        // A word no seeded post holds, for the search below to count these alone.
        excerpt: `The ${String(i)}th pagination-fodder thing that happened.`,
        content: "Nothing much.",
        category: i % 2 ? "Meh Moments" : "Waiting Room Diaries",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  for (let i = 1; i <= ADDED_VIDEOS; i++) {
    const created = await site.request.post("/api/videos", {
      data: {
        title: `Paged Video ${String(i)}`,
        description: "A long look at a short wait.",
        videoUrl: sample?.videoUrl,
        thumbnailUrl: sample?.thumbnailUrl,
        duration: 60,
        category: "Meh Moments",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
});

test.afterAll(async () => {
  await site.stop();
  rmSync(dir, { recursive: true, force: true });
});

const cardTitles = (page: import("@playwright/test").Page) => page.locator(".listing .grid > li h2");

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the archive is read page by page through real links, with the total counted once", async ({ page }) => {
    await page.goto(`${site.origin}/archive`);
    await expect(page.getByText("66 posts found")).toBeVisible();
    await expect(cardTitles(page)).toHaveCount(24);
    await expect(cardTitles(page).first()).toHaveText(`Paged Post ${String(ADDED_POSTS)}`);
    await expect(page.getByText("Page 1 of 3")).toBeVisible();
    await expect(page.locator('link[rel="next"]')).toHaveAttribute("href", `${site.origin}/archive?page=2`);
    await expect(page.locator('link[rel="prev"]')).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Previous page" })).toHaveCount(0);

    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(`${site.origin}/archive?page=2`);
    await expect(page.getByText("66 posts found")).toBeVisible();
    await expect(cardTitles(page).first()).toHaveText(`Paged Post ${String(ADDED_POSTS - 24)}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${site.origin}/archive?page=2`);
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", `${site.origin}/archive`);
    await expect(page.locator('link[rel="next"]')).toHaveAttribute("href", `${site.origin}/archive?page=3`);

    await page.getByRole("link", { name: "Next page" }).click();
    await expect(cardTitles(page)).toHaveCount(18);
    await expect(page.getByText("Page 3 of 3")).toBeVisible();
    await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(`${site.origin}/archive?page=2`);
  });

  test("a category keeps its filter across pages, and a page past the last is a 404 that leads back", async ({
    page,
  }) => {
    await page.goto(`${site.origin}/archive?category=Meh%20Moments`);
    // 30 added posts of the category, and the sample's own.
    const found = await page.locator(".listing__count").innerText();
    const total = Number(/^(\d+) posts found$/.exec(found)?.[1]);
    expect(total).toBeGreaterThan(30);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(`${site.origin}/archive?category=Meh%20Moments&page=2`);
    await expect(cardTitles(page)).toHaveCount(total - 24);
    await expect(page.locator(".listing__count")).toHaveText(found);

    const past = await page.goto(`${site.origin}/archive?category=Meh%20Moments&page=7`);
    expect(past?.status()).toBe(404);
    await expect(page.getByText("There is no page 7 here: the last is page 2.")).toBeVisible();
    await page.getByRole("link", { name: "Go to the first page" }).click();
    await expect(page).toHaveURL(`${site.origin}/archive?category=Meh%20Moments`);
    await expect(cardTitles(page)).toHaveCount(24);
  });

  test("the videos page has pages too", async ({ page }) => {
    await page.goto(`${site.origin}/videos?page=2`);
    await expect(page.locator(".listing .grid > li")).toHaveCount(6);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", `${site.origin}/videos`);
  });
});

test("the archive island turns pages in place, one page of cards without bodies per request, and Back returns", async ({
  page,
}) => {
  await page.goto(`${site.origin}/archive`);
  await hydrated(page, "ArchiveBrowser");
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/posts")) asked.push(request.url());
  });
  const answer = page.waitForResponse((r) => r.url().includes("/api/posts"));
  await page.getByRole("link", { name: "Next page" }).click();
  const body = (await (await answer).json()) as Record<string, unknown>[];
  await expect(page).toHaveURL(`${site.origin}/archive?page=2`);
  await expect(cardTitles(page).first()).toHaveText(`Paged Post ${String(ADDED_POSTS - 24)}`);
  await expect(page.getByText("66 posts found")).toBeVisible();
  expect(asked).toEqual([`${site.origin}/api/posts?page=2&view=card`]);
  expect(body).toHaveLength(24);
  expect(body.every((card) => !("content" in card))).toBe(true);

  // A category starts again at its first page.
  await page
    .getByRole("navigation", { name: "Filter by category" })
    .getByRole("link", { name: "Waiting Room Diaries" })
    .click();
  await expect(page).toHaveURL(`${site.origin}/archive?category=Waiting%20Room%20Diaries`);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(`${site.origin}/archive?page=2`);
  await expect(cardTitles(page).first()).toHaveText(`Paged Post ${String(ADDED_POSTS - 24)}`);
  await page.goBack();
  await expect(cardTitles(page).first()).toHaveText(`Paged Post ${String(ADDED_POSTS)}`);
});

test("the list API pages with a bounded default, says the total and the next page, and refuses what it cannot serve", async () => {
  const first = await site.request.get("/api/posts");
  expect((await first.json()) as unknown[]).toHaveLength(24);
  expect(first.headers()["x-total-count"]).toBe("66");
  expect(first.headers().link).toContain('</api/posts?page=2>; rel="next"');
  expect(first.headers().link).toContain('</api/posts?page=3>; rel="last"');

  const last = await site.request.get("/api/posts?page=2&limit=50&view=card");
  const cards = (await last.json()) as Record<string, unknown>[];
  expect(cards).toHaveLength(16);
  expect(Object.keys(cards[0] ?? {})).not.toContain("content");
  expect(last.headers().link).toContain('</api/posts?page=1&limit=50&view=card>; rel="prev"');
  expect(last.headers().link).not.toContain('rel="next"');

  const search = await site.request.get("/api/posts/search?q=pagination-fodder&limit=5");
  expect((await search.json()) as unknown[]).toHaveLength(5);
  expect(search.headers()["x-total-count"]).toBe("60");

  for (const [query, field] of [
    ["page=0", "page"],
    ["limit=101", "limit"],
    ["limit=x", "limit"],
    ["view=everything", "view"],
  ] as const) {
    const refused = await site.request.get(`/api/videos?${query}`);
    expect(refused.status(), query).toBe(400);
    expect(((await refused.json()) as { field?: string }).field, query).toBe(field);
  }
});

test("the feed carries the latest 20 items", async () => {
  const xml = await (await site.request.get("/rss.xml")).text();
  expect(xml.match(/<item>/g)).toHaveLength(20);
  expect(xml).toContain(`<title>Paged Video ${String(ADDED_VIDEOS)}</title>`);
});

test("the post manager lists a page at a time, and the page is in its address", async ({ page }) => {
  await page.goto(`${site.origin}/login`);
  await hydrated(page, "LoginForm");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(`${site.origin}/admin`);
  await page.goto(`${site.origin}/admin/posts`);
  await expect(page.locator(".manager__card")).toHaveCount(24);
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(`${site.origin}/admin/posts?page=2`);
  await expect(page.getByText("Page 2 of 3")).toBeVisible();
  await expect(page.locator(".manager__card").first()).toContainText(`Paged Post ${String(ADDED_POSTS - 24)}`);
  await page.reload();
  await expect(page.getByText("Page 2 of 3")).toBeVisible();
  await expect(page.locator(".manager__card h2").first()).toHaveText(`Paged Post ${String(ADDED_POSTS - 24)}`);

  // An address past the end shows the last page that has something.
  await page.goto(`${site.origin}/admin/posts?page=9`);
  await expect(page).toHaveURL(`${site.origin}/admin/posts?page=3`);
  await expect(page.getByText("Page 3 of 3")).toBeVisible();
  await expect(page.locator(".manager__card")).toHaveCount(18);
});
