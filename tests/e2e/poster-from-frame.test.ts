import sharp from "sharp";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn, upload } from "./admin-helpers";

// Two seconds of video: a red second, then a blue one, each frame one colour.
const RED_THEN_BLUE = "tests/fixtures/red-then-blue.webm";

/** Scrub the poster box's video to `seconds` with its slider, and wait until that frame shows. */
async function scrubTo(poster: Locator, seconds: number): Promise<void> {
  await poster.getByRole("slider", { name: /Frame at/ }).fill(String(seconds));
  await expect
    .poll(() =>
      poster
        .locator("video")
        .evaluate((v: HTMLVideoElement, at) => !v.seeking && v.readyState >= 2 && v.currentTime === at, seconds),
    )
    .toBe(true);
}

/** The colour in the middle of the poster the dialog shows, read from the stored image, and its size. */
async function posterCentre(page: Page, poster: Locator) {
  const src = (await poster.locator("img").getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/uploads\/images\/[a-z0-9]{26}\.jpg$/);
  const image = sharp(await (await page.request.get(src)).body());
  const { width, height } = await image.metadata();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(height / 2) * width + Math.floor(width / 2)) * info.channels;
  return { width, height, rgb: [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0] };
}

test("the curator scrubs the uploaded video to a frame and makes that frame the poster", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto("/admin/videos");
  await page.getByRole("button", { name: "New Video" }).click();
  const dialog = page.getByRole("dialog", { name: "New video" });
  const poster = dialog.getByRole("group", { name: "Poster image" });
  // Nothing to pick a frame from before there is a video.
  await expect(poster.getByRole("button", { name: "Use this frame" })).toHaveCount(0);
  await upload(page, "Upload video", RED_THEN_BLUE, "Video has been uploaded successfully");

  await scrubTo(poster, 1.5);
  await expect(poster.getByText("Frame at 0:01")).toBeVisible();
  await poster.getByRole("button", { name: "Use this frame" }).click();
  await expect(poster.locator("img")).toHaveAttribute("src", /\.jpg$/);
  const blue = await posterCentre(page, poster);
  // Drawn at the video's own size, the blue second's colour.
  expect(blue.width).toBe(320);
  expect(blue.height).toBe(180);
  expect(blue.rgb[2]).toBeGreaterThan(200);
  expect(Math.max(blue.rgb[0] ?? 0, blue.rgb[1] ?? 0)).toBeLessThan(60);

  const first = await poster.locator("img").getAttribute("src");
  await scrubTo(poster, 0.5);
  await poster.getByRole("button", { name: "Use this frame" }).click();
  await expect(poster.locator("img")).not.toHaveAttribute("src", first ?? "");
  const red = await posterCentre(page, poster);
  expect(red.rgb[0]).toBeGreaterThan(200);
  expect(Math.max(red.rgb[1] ?? 0, red.rgb[2] ?? 0)).toBeLessThan(60);
  await expect(poster.getByRole("alert")).toHaveCount(0);
});

test("a video on a server that does not allow this site's page to read it still plays, and its frame is refused in words", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/videos");
  await page.getByRole("button", { name: "New Video" }).click();
  const dialog = page.getByRole("dialog", { name: "New video" });
  const poster = dialog.getByRole("group", { name: "Poster image" });
  // The uploaded video, as another origin serves it: the same server by another name,
  // which sends no CORS header.
  const elsewhere = new URL(page.url()).origin.replace("127.0.0.1", "localhost");
  await page.route(
    "**/api/objects/normalize",
    async (route) => {
      const response = await route.fetch();
      const { normalizedPath } = (await response.json()) as { normalizedPath: string };
      await route.fulfill({ response, json: { normalizedPath: elsewhere + normalizedPath } });
    },
    { times: 1 },
  );
  await upload(page, "Upload video", RED_THEN_BLUE, "Video has been uploaded successfully");
  await expect(dialog.getByRole("group", { name: "Video file" })).toContainText(elsewhere);

  await scrubTo(poster, 0.5);
  await poster.getByRole("button", { name: "Use this frame" }).click();
  await expect(poster.getByRole("alert")).toHaveText(/does not let this page read its frames/);
  await expect(poster.locator("img")).toHaveCount(0);
});
