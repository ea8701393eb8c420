import type { APIRequestContext, Page, Request } from "@playwright/test";
import { JOURNEY_VIEWPORTS, made, marker, postBody, videoBody } from "./editorial-helpers";
import { expect, test } from "./fixtures";

const YOUTUBE_ID = "dQw4w9WgXcQ";
/** Any request to YouTube or Vimeo, their players, thumbnails or scripts. */
const OUTSIDE_VIDEO = /youtube|youtu\.be|ytimg|googlevideo|vimeo/;

/** A published video on a sample file that has captions beside it, and an essay that shows everything an essay may hold, embedding it. */
async function essayWithEmbeds(admin: APIRequestContext) {
  const word = marker();
  const video = await made(
    admin,
    "/api/videos",
    videoBody(word, {
      videoUrl: "/uploads/seed/the-kettle-that-took-its-time.mp4",
      thumbnailUrl: "/uploads/seed/the-kettle-that-took-its-time-poster.jpg",
      status: "published",
    }),
  );
  const content = [
    `An essay about ${word}.`,
    "# The first part",
    '![A kettle on a counter, not yet boiling](/uploads/seed/the-kettle-that-took-its-time-poster.jpg "The kettle, before anything happened")',
    "# The second part",
    `::video[${video.slug}]`,
    "# The third part",
    `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
    "The end.",
  ].join("\n\n");
  const post = await made(admin, "/api/posts", postBody(word, { format: "markdown", content, status: "published" }));
  return { post, video, word };
}

/** Every request the page makes from now on. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

const outsideVideoRequests = (requests: Request[]) => requests.map((r) => r.url()).filter((u) => OUTSIDE_VIDEO.test(u));

/** The figure, served responsive through the image service, with its caption. */
async function expectFigure(page: Page) {
  const figure = page.getByRole("figure", { name: "The kettle, before anything happened" });
  await expect(figure).toBeVisible();
  const image = figure.getByRole("img", { name: "A kettle on a counter, not yet boiling" });
  await expect(image).toHaveAttribute("srcset", /\/_image\?href=%2Fuploads%2Fseed%2F.* 480w/);
  await expect(image).toHaveAttribute("width", /^\d+$/);
  await expect(image).toHaveAttribute("height", /^\d+$/);
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveJSProperty("complete", true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

/** The contents list's link to the third part leads to that heading. */
async function expectContentsJump(page: Page, postId: number) {
  const contents = page.getByRole("navigation", { name: "Contents" });
  await expect(contents.getByRole("link")).toHaveText(["The first part", "The second part", "The third part"]);
  await contents.getByRole("link", { name: "The third part" }).click();
  await expect(page).toHaveURL(new RegExp(`#p${String(postId)}-the-third-part$`));
  await expect(page.getByRole("heading", { name: /^The third part/ })).toBeInViewport();
}

for (const [label, viewport] of JOURNEY_VIEWPORTS) {
  test.describe(`an essay with figures and embeds, read without JavaScript, ${label}`, () => {
    test.use({ javaScriptEnabled: false, viewport });

    test("shows its figure and contents, and its embeds are links that work", async ({ admin, page }) => {
      const { post, video } = await essayWithEmbeds(admin);
      const requests = recordRequests(page);
      await page.goto(`/post/${post.slug}`);
      await expectFigure(page);
      await expectContentsJump(page, post.id);

      const youtube = page.locator(".embed__start--outside");
      await expect(youtube).toHaveAttribute("href", `https://www.youtube.com/watch?v=${YOUTUBE_ID}`);
      expect(outsideVideoRequests(requests)).toEqual([]);

      // The site's own video is a link to its page, which plays it.
      await page.getByRole("link", { name: /^Play the video/ }).click();
      await expect(page).toHaveURL(new RegExp(`/videos/${video.slug}$`));
      await expect(page.locator("article video source")).toHaveAttribute("src", /the-kettle-that-took-its-time\.mp4$/);
    });
  });

  test.describe(`an essay with figures and embeds, read with JavaScript, ${label}`, () => {
    test.use({ viewport });

    test("asks YouTube for nothing until its facade is played, then loads the private player", async ({
      admin,
      page,
    }) => {
      const { post } = await essayWithEmbeds(admin);
      // The player's page stands in for YouTube's, so the test needs no internet.
      await page.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) =>
        route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title><p>A player." }),
      );
      const requests = recordRequests(page);
      await page.goto(`/post/${post.slug}`);
      await expectFigure(page);
      await expectContentsJump(page, post.id);
      await page
        .getByRole("figure")
        .filter({ has: page.locator(".embed__start--outside") })
        .scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
      expect(outsideVideoRequests(requests)).toEqual([]);

      // From the keyboard: the facade is a link, and Enter plays it.
      const start = page.getByRole("link", { name: /Play “A video on YouTube”/ });
      await start.focus();
      const [player] = await Promise.all([
        page.waitForRequest(/^https:\/\/www\.youtube-nocookie\.com\/embed\//),
        page.keyboard.press("Enter"),
      ]);
      expect(player.url()).toBe(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1`);
      const frame = page.locator(`iframe[title="A video on YouTube"]`);
      await expect(frame).toBeVisible();
      await expect(frame).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`/post/${post.slug}#`));
      expect(outsideVideoRequests(requests).every((url) => url.startsWith("https://www.youtube-nocookie.com/"))).toBe(
        true,
      );
    });

    test("plays the site's own video in place, with its captions, when its poster is clicked", async ({
      admin,
      page,
    }) => {
      const { post } = await essayWithEmbeds(admin);
      const requests = recordRequests(page);
      await page.goto(`/post/${post.slug}`);
      const facade = page.getByRole("link", { name: /^Play the video/ });
      await facade.scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
      // Nothing of the video file before it is asked for.
      expect(requests.map((r) => r.url()).filter((url) => url.endsWith(".mp4"))).toEqual([]);

      await facade.click();
      const video = page.locator(".post__content video");
      await expect(facade).toHaveCount(0);
      await expect(video.locator("source")).toHaveAttribute("src", /the-kettle-that-took-its-time\.mp4$/);
      await expect(video.locator('track[kind="captions"]')).toHaveAttribute(
        "src",
        /the-kettle-that-took-its-time\.vtt$/,
      );
      await expect(video).toBeFocused();
      await expect(video).toHaveJSProperty("paused", false);
      await expect(page).toHaveURL(new RegExp(`/post/${post.slug}$`));
    });
  });
}

test("the essay follows the video it embeds: unpublished, the embed goes; published again, it is back", async ({
  admin,
  page,
}) => {
  const { post, video, word } = await essayWithEmbeds(admin);
  const embeds = page.locator(".post__content .embed").filter({ has: page.locator(`a[href="/videos/${video.slug}"]`) });
  await page.goto(`/post/${post.slug}`);
  await expect(embeds).toHaveCount(1);

  const unpublished = await admin.put(`/api/videos/${String(video.id)}`, {
    data: videoBody(word, { status: "draft" }),
  });
  expect(unpublished.status(), await unpublished.text()).toBe(200);
  await page.reload();
  await expect(embeds).toHaveCount(0);
  await expect(page.getByText("The end.")).toBeVisible();

  const republished = await admin.put(`/api/videos/${String(video.id)}`, {
    data: videoBody(word, { status: "published" }),
  });
  expect(republished.status(), await republished.text()).toBe(200);
  await page.reload();
  await expect(embeds).toHaveCount(1);
});
