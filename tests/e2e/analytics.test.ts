import type { APIRequestContext, Browser, BrowserContext } from "@playwright/test";
import { signInAs } from "./admin-helpers";
import { expect, test } from "./fixtures";

// Counts are read back from the owner's summary. The browser tests' own Chromium says
// "HeadlessChrome", which is a bot and never counted; these visitors name a browser of
// their own, unique to the run, so they are new visitors today.
test.describe.configure({ mode: "serial" });

const POST = "/post/the-sandwich-was-fine";
const run = Math.random().toString(36).slice(2, 10);
const browserOf = (who: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Reader/${who}-${run}`;

interface Today {
  views: number;
  visitors: number;
  postViews: number;
  postReads: number;
}

async function today(admin: APIRequestContext): Promise<Today> {
  const day = new Date().toISOString().slice(0, 10);
  const response = await admin.get(`/api/analytics/summary?from=${day}&to=${day}`);
  expect(response.status()).toBe(200);
  const summary = (await response.json()) as {
    days: { views: number; visitors: number }[];
    pages: { path: string; views: number; reads: number }[];
  };
  const post = summary.pages.find((page) => page.path === POST);
  return {
    views: summary.days[0]?.views ?? 0,
    visitors: summary.days[0]?.visitors ?? 0,
    postViews: post?.views ?? 0,
    postReads: post?.reads ?? 0,
  };
}

/** Hold until the summary shows `expected`: hits reach the database in a batch a second. */
async function expectCounts(admin: APIRequestContext, expected: Today): Promise<void> {
  await expect.poll(() => today(admin), { timeout: 10_000 }).toEqual(expected);
}

async function visitor(browser: Browser, who: string): Promise<BrowserContext> {
  return browser.newContext({ userAgent: browserOf(who) });
}

test("a visitor's views and read are counted once each, and the same visitor again is one visitor", async ({
  browser,
  admin,
}) => {
  const before = await today(admin);
  const context = await visitor(browser, "first");
  const page = await context.newPage();
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/analytics/hit"));
  await page.goto("/");
  await sent;
  await page.goto("/about");
  await page.goto(POST);
  // Reaching the end of the post is a read.
  const readSent = page.waitForRequest(
    (request) => request.url().endsWith("/api/analytics/hit") && (request.postData() ?? "").includes("k=read"),
  );
  await page.locator("[data-read-end]").scrollIntoViewIfNeeded();
  await readSent;
  await expectCounts(admin, {
    views: before.views + 3,
    visitors: before.visitors + 1,
    postViews: before.postViews + 1,
    postReads: before.postReads + 1,
  });

  // The same browser again today: another view, not another visitor.
  await page.goto("/");
  await expectCounts(admin, {
    views: before.views + 4,
    visitors: before.visitors + 1,
    postViews: before.postViews + 1,
    postReads: before.postReads + 1,
  });
  await context.close();
});

test("a bot, a prefetch and the signed-in owner are not counted", async ({ browser, admin }) => {
  const before = await today(admin);
  const bot = await browser.newContext({
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  const crawled = await bot.newPage();
  const botBeacon = crawled.waitForResponse((response) => response.url().endsWith("/api/analytics/hit"));
  await crawled.goto("/");
  expect((await botBeacon).status()).toBe(204);
  await bot.close();

  const prefetch = await visitor(browser, "prefetch");
  const sent = await prefetch.request.post("/api/analytics/hit", {
    headers: { "Sec-Purpose": "prefetch", "Content-Type": "application/x-www-form-urlencoded" },
    data: "p=%2F&k=view",
  });
  expect(sent.status()).toBe(204);
  await prefetch.close();

  const owner = await visitor(browser, "owner");
  await signInAs(admin, owner);
  const ownPage = await owner.newPage();
  const ownBeacon = ownPage.waitForResponse((response) => response.url().endsWith("/api/analytics/hit"));
  await ownPage.goto(POST);
  expect((await ownBeacon).status()).toBe(204);
  await owner.close();

  // Admin pages send nothing at all.
  const dashboard = await visitor(browser, "dashboard");
  await signInAs(admin, dashboard);
  const adminPage = await dashboard.newPage();
  const beacons: string[] = [];
  adminPage.on("request", (request) => {
    if (request.url().endsWith("/api/analytics/hit")) beacons.push(request.url());
  });
  await adminPage.goto("/admin/analytics");
  await expect(adminPage.getByRole("heading", { name: "Analytics" })).toBeVisible();
  // The figures say in words whether a day's traffic looked flooded; nothing here floods.
  await adminPage.getByText("Figures by day").click();
  await expect(adminPage.getByRole("columnheader", { name: "Traffic" })).toBeVisible();
  await expect(adminPage.getByRole("cell", { name: /^Flooded/ })).toHaveCount(0);
  await dashboard.close();
  expect(beacons).toEqual([]);

  // A real visitor after them all is counted, so everything before it has been too: only they show.
  const after = await visitor(browser, "after");
  await (await after.newPage()).goto("/");
  await expectCounts(admin, { ...before, views: before.views + 1, visitors: before.visitors + 1 });
  await after.close();
});

test("on a phone the chart opens at the newest days and says older ones are to the left", async ({
  browser,
  admin,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInAs(admin, context);
  const page = await context.newPage();
  await page.goto("/admin/analytics");
  const chart = page.getByRole("group", { name: /Daily chart/ });
  const bars = chart.locator(".daily-chart__views");
  await expect(bars).toHaveCount(30);
  const box = await chart.boundingBox();
  const newest = await bars.last().boundingBox();
  const oldest = await bars.first().boundingBox();
  if (!box || !newest || !oldest) throw new Error("The chart is not drawn");
  // Today's bar is inside the visible box; the oldest is scrolled out to the left.
  expect(newest.x).toBeGreaterThanOrEqual(box.x);
  expect(newest.x + newest.width).toBeLessThanOrEqual(box.x + box.width);
  expect(oldest.x + oldest.width).toBeLessThan(box.x);
  await expect(page.getByText("Showing the newest days; scroll left for older ones")).toBeVisible();
  // The per-page table has its visitors, as the README says they are stored.
  const pages = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Page" }) });
  await expect(pages.getByRole("columnheader", { name: /^Visitors/ })).toBeVisible();
  await context.close();
});
