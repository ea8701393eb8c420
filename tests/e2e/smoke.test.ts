import { expect, test } from "./fixtures";
import { cacheState } from "./support";

test("home shows the featured post, recent posts and three videos", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mostly Meh");
  const featured = page.locator("section", { has: page.getByRole("heading", { name: "Featured" }) });
  await expect(featured.getByRole("link", { name: "In Praise of the Hotel Lobby Painting" })).toBeVisible();
  const recent = page.locator("section", { has: page.getByRole("heading", { name: "Recent posts" }) });
  await expect(recent.getByRole("article")).toHaveCount(6);
  const videos = page.locator("section", { has: page.getByRole("heading", { name: "Video essays" }) });
  await expect(videos.getByRole("article")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "All videos" })).toHaveAttribute("href", "/videos");
});

test("a post shows its text in paragraphs, its gallery and its analysis", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Chair Number Four, Left of the Ficus" }).first().click();
  await expect(page).toHaveURL(/\/post\/chair-number-four-left-of-the-ficus$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chair Number Four, Left of the Ficus");
  await expect(page.getByRole("img", { name: "Meh rating: 3 out of 5" })).toBeVisible();
  await expect(page.getByText("February 9, 2026")).toBeVisible();
  expect(await page.locator(".post__content p").count()).toBeGreaterThan(4);
  const gallery = page.locator(".post__gallery a");
  await expect(gallery).toHaveCount(2);
  await expect(gallery.first()).toHaveAttribute("target", "_blank");
  await expect(gallery.first().getByRole("img")).toHaveAccessibleName("The ficus, from the chair's point of view");
  await expect(page.getByRole("heading", { name: "Analysis" })).toBeVisible();
  await expect(page.getByText("Existential echo")).toBeVisible();
  const cover = await page.request.get((await page.locator(".post__cover").getAttribute("src")) ?? "");
  expect(cover.headers()["content-type"]).toBe("image/webp");
});

test("a video page plays a seekable MP4 with its poster", async ({ page, request }) => {
  const response = await page.goto("/videos/ceiling-tiles-ranked");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ceiling Tiles, Ranked");
  const video = page.locator("video");
  await expect(video).toHaveAttribute("poster", /ceiling-tiles-ranked-poster\.jpg$/);
  await expect(video).toHaveAttribute("preload", "metadata");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  // The page's own line gives the length (the player's clock shows it too).
  await expect(page.locator("p.meta").getByText(`0:${String(Math.round(duration)).padStart(2, "0")}`)).toBeVisible();

  const src = (await page.locator("video source").getAttribute("src")) ?? "";
  const partial = await request.get(src, { headers: { Range: "bytes=0-99" } });
  expect(partial.status()).toBe(206);
  expect(partial.headers()["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
  expect(partial.headers()["content-type"]).toBe("video/mp4");
  expect(partial.headers()["x-content-type-options"]).toBe("nosniff");
  expect(partial.headers()["cache-control"]).toContain("max-age=31536000");
  expect((await partial.body()).length).toBe(100);
});

test("unknown routes, posts and videos are not found, with status 404", async ({ page }) => {
  let response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  expect(response?.statusText()).toBe("Not Found");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");

  response = await page.goto("/post/no-such-post");
  expect(response?.status()).toBe(404);
  expect(response?.statusText()).toBe("Not Found");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post Not Found");
  await expect(page.getByText("The meh moment you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL(/\/$/);

  response = await page.goto("/videos/no-such-video");
  expect(response?.status()).toBe(404);
  expect(response?.statusText()).toBe("Not Found");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Video Not Found");
  await expect(page.getByText("The video you're looking for doesn't exist or has been removed.")).toBeVisible();
});

test("a browser that asks for /favicon.ico by habit gets the site's icon", async ({ request }) => {
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
  // An ICO file: reserved 0, type 1 (icon).
  expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
});

test("a page built from the database is kept for the next visitor, who is not told so", async ({ admin, request }) => {
  for (const path of [
    "/",
    "/archive",
    "/videos",
    "/post/the-sandwich-was-fine",
    "/videos/ceiling-tiles-ranked",
    "/rss.xml",
  ]) {
    await request.get(path);
    expect(await cacheState(admin, path), path).toBe("fresh");
    const again = await request.get(path);
    expect(again.status(), path).toBe(200);
    expect(again.headers()["x-astro-cache"], path).toBeUndefined();
  }
  // A post that is not there is not kept: it may be published any moment.
  const missing = await request.get("/post/no-such-post");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["x-astro-cache"]).toBeUndefined();
  expect(await cacheState(admin, "/post/no-such-post")).toBe("absent");
});

test("a parameter a page reads as nothing is the page without it, answered by its stored copy", async ({
  admin,
  request,
}) => {
  // A well-formed session nobody has: rendered afresh, as a visitor sees it, never stored.
  const fresh = { Cookie: `session=${"a".repeat(24)}.${"b".repeat(24)}` };
  for (const [path, same] of [
    ["/", "/?category=Nothing%20Special&page=1"],
    // Home lists nothing by page or search, and About reads no parameter at all.
    ["/", "/?page=3&search=kettle"],
    ["/about", "/about?search=kettle&category=Meh%20Moments&page=2"],
    ["/archive", "/archive?category=junk&page=abc&search=%20%20"],
    ["/videos", "/videos?page=1&category=Meh%20Moment"],
    ["/archive?category=Meh%20Moments", "/archive?category=Meh%20Moments&category=junk&page=01"],
  ] as const) {
    expect(await (await request.get(same, { headers: fresh })).text(), same).toBe(
      await (await request.get(path, { headers: fresh })).text(),
    );
    await request.get(path);
    expect(await cacheState(admin, same), same).toBe("fresh");
  }
});
