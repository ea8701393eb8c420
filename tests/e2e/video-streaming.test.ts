import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { made, marker } from "./editorial-helpers";
import { expect, test } from "./fixtures";
import { problemsIn, uploadUrl } from "./support";

// An upload becomes a ladder by the site's own job (sent by the save, one at a time), and the
// video's page plays it: in Chromium through hls.js, fetched only for a page with a ladder.

const run = promisify(execFile);

// One ladder for the file's tests, made once: a worker of its own runs them in turn.
test.describe.configure({ mode: "serial" });

/** An eight-second 720p clip with a tone, uploaded as the manager uploads one; its URL. */
async function uploadedClip(admin: APIRequestContext): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "meh-streaming-"));
  try {
    const file = path.join(folder, "clip.mp4");
    await run("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc=size=1280x720:rate=25:duration=8"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=8", "-c:v", "libx264", "-pix_fmt", "yuv420p"],
      // Made fast: the test needs an H.264 upload of this size, not a good picture.
      ...["-preset", "ultrafast"],
      ...["-c:a", "aac", "-shortest", file],
    ]);
    const target = await uploadUrl(admin, "video/mp4");
    const sent = await admin.fetch(target.url, {
      method: target.method,
      headers: target.headers,
      data: await readFile(file),
    });
    expect(sent.ok()).toBe(true);
    const normalized = await admin.post("/api/objects/normalize", { data: { rawPath: target.rawPath } });
    return ((await normalized.json()) as { normalizedPath: string }).normalizedPath;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Play the muted video until it has played half a second; the `playing` event and where it got to. */
const playedOn = (page: Page) =>
  page.locator("video").evaluate(
    (video: HTMLVideoElement) =>
      new Promise<{ source: string; at: number }>((resolve) => {
        video.muted = true;
        video.addEventListener("timeupdate", function played() {
          if (video.currentTime < 0.5) return;
          video.removeEventListener("timeupdate", played);
          resolve({ source: video.currentSrc, at: video.currentTime });
        });
        void video.play();
      }),
  );

let video: { id: number; slug: string };

test.beforeAll(async ({ admin }) => {
  test.setTimeout(180_000);
  const word = marker();
  video = await made(admin, "/api/videos", {
    title: `A test pattern ${word}`,
    description: `Bars and a tone, ${word}.`,
    videoUrl: await uploadedClip(admin),
    thumbnailUrl: "/uploads/seed/one-cloud-unremarkable-poster.jpg",
    duration: 8,
    category: "Meh Moments",
  });
  // The save sends the job, which takes it at once (not at its next minute); the manager's
  // line follows it there.
  await expect
    .poll(
      async () =>
        ((await (await admin.get(`/api/videos/${String(video.id)}/streaming`)).json()) as { status: string }).status,
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe("done");
});

test.afterAll(async ({ admin }) => {
  await admin.delete(`/api/videos/${String(video.id)}`);
});

test("Chromium plays the ladder through hls.js, fetching its playlists and segments", async ({ page }) => {
  // The mp4's header, asked for as the page loads, is cut short once the ladder takes over.
  const problems = problemsIn(page, { ignoreAborted: true });
  const asked: string[] = [];
  const scripts = new Map<string, Promise<Buffer>>();
  page.on("requestfinished", (request) => {
    asked.push(new URL(request.url()).pathname);
    if (request.resourceType() === "script") {
      scripts.set(
        request.url(),
        request.response().then((response) => (response ? response.body() : Buffer.alloc(0))),
      );
    }
  });
  await page.goto(`/videos/${video.slug}`);
  await expect(page.locator("video")).toHaveAttribute("data-hls", /^\/uploads\/streams\/\d+\/[0-9a-f]+\/master\.m3u8$/);
  // The mp4 plays until hls.js, fetched as the page loads, has taken over (its media source's
  // blob: address); played before that, half a second of the mp4 may come first.
  await page.waitForFunction(() => document.querySelector("video")?.currentSrc.startsWith("blob:"));

  const played = await playedOn(page);
  expect(played.source).toMatch(/^blob:/);
  expect(played.at).toBeGreaterThanOrEqual(0.5);
  expect(asked.some((p) => p.endsWith("/master.m3u8"))).toBe(true);
  expect(asked.some((p) => /\/\d+p\/index\.m3u8$/.test(p))).toBe(true);
  expect(asked.some((p) => p.endsWith(".m4s"))).toBe(true);
  // hls.js is its own file, fetched for this page alone; the page's own code (the player's
  // components among it) stays in the islands' budget.
  const hls = [...scripts.keys()].filter((url) => /\/_astro\/hls\.[\w-]+\.js$/.test(url));
  expect(hls).toHaveLength(1);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter((s) => s.getAttribute("type") !== "application/ld+json")
      .map((s) => s.textContent)
      .join(""),
  );
  let own = gzipSync(inline).length;
  for (const [url, body] of scripts) if (!hls.includes(url)) own += gzipSync(await body).length;
  expect(own).toBeLessThanOrEqual(80 * 1024);
  expect(problems).toEqual([]);
});

test("a page whose video has no ladder does not fetch hls.js", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => asked.push(request.url()));
  await page.goto("/videos/the-kettle-that-took-its-time");
  await expect(page.locator("video")).not.toHaveAttribute("data-hls");
  await page.waitForLoadState("networkidle");
  expect(asked.filter((url) => /\/_astro\/hls\./.test(url))).toEqual([]);
});

test("a ladder that cannot be read falls back to the mp4, which plays", async ({ page }) => {
  // The playlists never come, as on a network that drops them.
  await page.route(/\.m3u8$/, (route) => route.fulfill({ status: 503, body: "" }));
  await page.goto(`/videos/${video.slug}`);
  const played = await playedOn(page);
  expect(played.source).toMatch(/\/uploads\/videos\/[a-z0-9]+\.mp4$/);
});
