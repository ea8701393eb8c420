import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./support";

// A word said only in a video's captions finds the video, and its result links to the moment
// it is said. The kettle's captions (content/media/videos) say "[the kettle considers
// boiling]" from 2.8 s; nothing else on the site says "considers".
const KETTLE = "/videos/the-kettle-that-took-its-time";
const main = (page: Page) => page.getByRole("main");

test.beforeAll(async ({ request }) => {
  // The seeded videos' captions are read by the start's transcripts job, in the background.
  await expect
    .poll(async () => (await (await request.get("/api/videos/search?q=considers")).json()) as unknown[], {
      timeout: 20_000,
    })
    .toHaveLength(1);
});

/** Where the player stands once the page has sought to where its address says. */
const playerAt = (page: Page) => page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime);

test("searching a spoken word finds the video, and its moment opens the video there", async ({ page }) => {
  await page.goto("/videos");
  await hydrated(page, "VideoBrowser");
  await main(page).getByRole("searchbox", { name: "Search videos" }).fill("considering");
  await main(page).getByRole("button", { name: "Search" }).click();

  const card = main(page)
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name: "The Kettle That Took Its Time" }) });
  await expect(main(page).getByRole("article")).toHaveCount(1);
  // Stemmed as the search stems it: "considering" is the line that says "considers", marked.
  await expect(card.locator(".card__moment")).toHaveText("Said at 0:02: [the kettle considers boiling]");
  await expect(card.locator(".card__moment mark")).toHaveText("considers");
  const moment = card.getByRole("link", { name: "Said at 0:02" });
  await expect(moment).toHaveAttribute("href", `${KETTLE}#t=2`);

  await moment.click();
  await expect(page).toHaveURL(new RegExp(`${KETTLE}#t=2$`));
  await expect.poll(() => playerAt(page)).toBe(2);
});

test("the archive's search lists the video under the posts with its moment, without JavaScript too", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/archive?search=considers");
  const videos = main(page).getByRole("region", { name: "Videos" });
  await expect(videos.getByText('1 video found for "considers"')).toBeVisible();
  await expect(videos.getByRole("link", { name: "Said at 0:02" })).toHaveAttribute("href", `${KETTLE}#t=2`);
  await context.close();
});
