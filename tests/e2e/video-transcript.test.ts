import { copyFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { made, marker } from "./editorial-helpers";
import { expect, test } from "./fixtures";
import { e2eDataDir, seriousViolations } from "./support";

// The kettle's captions (content/media/videos) say three lines, at 0.5 s, 2.8 s and 5 s, of
// a seven-second film: long enough to seek into.
const KETTLE = "/videos/the-kettle-that-took-its-time";

/** A published video of the kettle whose description lists chapters. */
async function chapteredVideo(admin: APIRequestContext): Promise<{ id: number; slug: string }> {
  const word = marker();
  const video = await made(admin, "/api/videos", {
    title: `Chaptered ${word}`,
    description: `A kettle in two parts, ${word}.\n0:00 Switched on\n0:03 Steam`,
    videoUrl: "/uploads/seed/the-kettle-that-took-its-time.mp4",
    thumbnailUrl: "/uploads/seed/the-kettle-that-took-its-time-poster.jpg",
    duration: 7,
    category: "Meh Moments",
  });
  return video;
}

/**
 * Where the next seek goes: the position as it starts (the "seeking" event), since a seek that
 * plays on has moved past it by the time it has ended, by more the busier the machine is.
 */
const seekedTo = (page: Page): Promise<number> =>
  page.locator("video").evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        video.addEventListener(
          "seeking",
          () => {
            resolve(video.currentTime);
          },
          { once: true },
        );
      }),
  );

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the transcript and chapters are in the page, each time a link to its moment", async ({ page, admin }) => {
    await page.goto(KETTLE);
    const transcript = page.getByRole("region", { name: "Transcript" });
    await expect(transcript.getByRole("listitem")).toHaveText([
      /0:00\s*\[a kettle, switched on\]/,
      /0:02\s*\[the kettle considers boiling\]/,
      /0:05\s*\[steam, eventually\]/,
    ]);
    await expect(transcript.getByRole("link", { name: "Play from 0:02" })).toHaveAttribute("href", "#t=2");
    await expect(page.getByRole("searchbox", { name: "Find in the transcript" })).toHaveCount(0);
    // The kettle's chapters come from its chapters track.
    const chapters = page.locator("section", { has: page.getByRole("heading", { name: "Chapters" }) });
    await expect(chapters.getByRole("link")).toHaveText([
      /0:00\s*Switched on/,
      /0:03\s*The wait/,
      /0:05\s*Steam, implied/,
    ]);

    // Another's come from the lines of its description.
    const video = await chapteredVideo(admin);
    await page.goto(`/videos/${video.slug}`);
    await expect(chapters.getByRole("link")).toHaveText([/0:00\s*Switched on/, /0:03\s*Steam/]);
    await expect(chapters.getByRole("link", { name: /Steam/ })).toHaveAttribute("href", "#t=3");
    await expect(page.locator("video")).toHaveAttribute("controls");
    await admin.delete(`/api/videos/${String(video.id)}`);
  });
});

test.describe("with JavaScript", () => {
  test("a time in the transcript seeks the player, which marks the line being said", async ({ page }) => {
    await page.goto(KETTLE);
    await page.locator("video").evaluate((video: HTMLVideoElement) => {
      video.muted = true;
    });
    const seeked = seekedTo(page);
    await page.getByRole("link", { name: "Play from 0:02" }).click();
    expect(await seeked).toBeCloseTo(2, 1);
    await expect(page).toHaveURL(/#t=2$/);
    // Playing on from 2 s, the player reaches the line said from 2.8 s.
    await expect(page.getByRole("listitem").filter({ hasText: "considers boiling" })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });

  test("an address with #t= starts the player there", async ({ page }) => {
    await page.goto(`${KETTLE}#t=0:05`);
    const position = await page.locator("video").evaluate((video: HTMLVideoElement) =>
      video.currentTime > 0 && !video.seeking
        ? video.currentTime
        : new Promise<number>((resolve) => {
            video.addEventListener(
              "seeked",
              () => {
                resolve(video.currentTime);
              },
              { once: true },
            );
          }),
    );
    expect(position).toBe(5);
  });

  test("the search box narrows the transcript to the lines that say the words", async ({ page }) => {
    await page.goto(KETTLE);
    const search = page.getByRole("searchbox", { name: "Find in the transcript" });
    await search.fill("Kettle");
    const transcript = page.getByRole("region", { name: "Transcript" });
    await expect(transcript.getByRole("listitem")).toHaveText([/switched on/, /considers boiling/]);
    await expect(transcript.locator("mark")).toHaveText(["kettle", "kettle"]);
    await expect(page.getByText("2 lines")).toBeVisible();
    await search.fill("nothing boils");
    await expect(transcript.getByRole("listitem")).toHaveCount(0);
    await expect(page.getByText("No line says that")).toBeVisible();
    await search.fill("");
    await expect(transcript.getByRole("listitem")).toHaveCount(3);
  });

  test("the page's VideoObject lists the chapters as clips; a chapter seeks; the page passes axe", async ({
    page,
    admin,
  }) => {
    const { id, slug } = await chapteredVideo(admin);
    await page.goto(`/videos/${slug}`);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const video = blocks
      .map((text) => JSON.parse(text) as { "@type"?: string; hasPart?: { url: string }[] })
      .find((data) => data["@type"] === "VideoObject");
    const pageUrl = `/videos/${slug}`;
    expect(video?.hasPart).toEqual([
      expect.objectContaining({ "@type": "Clip", name: "Switched on", startOffset: 0, endOffset: 3 }),
      expect.objectContaining({ "@type": "Clip", name: "Steam", startOffset: 3, endOffset: 7 }),
    ]);
    const urls = (video?.hasPart ?? []).map((clip) => new URL(clip.url));
    expect(urls.map((url) => url.pathname + url.hash)).toEqual([`${pageUrl}#t=0`, `${pageUrl}#t=3`]);
    // The player's timeline is cut into the same chapters.
    await expect
      .poll(() =>
        page
          .locator("media-time-range")
          .evaluate((range: HTMLElement & { mediaChaptersCues?: { text: string; startTime: number }[] }) =>
            (range.mediaChaptersCues ?? []).map(({ text, startTime }) => `${String(startTime)} ${text}`),
          ),
      )
      .toEqual(["0 Switched on", "3 Steam"]);
    // A chapter seeks as a line does; with the search box shown and a line marked, the page passes axe.
    const seeked = seekedTo(page);
    await page.getByRole("link", { name: /0:03\s*Steam/ }).click();
    expect(await seeked).toBeCloseTo(3, 1);
    await expect(page.locator("li[aria-current=true]")).toHaveText(/considers boiling/);
    expect(await seriousViolations(page, "article")).toEqual([]);
    await admin.delete(`/api/videos/${String(id)}`);
  });

  test("while it plays, the line being said scrolls into view in the transcript's box, never the page", async ({
    page,
    admin,
  }, testInfo) => {
    // The kettle again, beside captions of sixty short lines: more than the box shows at once.
    const word = marker();
    const server = testInfo.project.name.startsWith("postgres") ? "postgres" : "pglite";
    const seed = path.join(e2eDataDir(server), "uploads", "seed");
    await copyFile(path.join(seed, "the-kettle-that-took-its-time.mp4"), path.join(seed, `long-${word}.mp4`));
    const stamp = (tenths: number) => `00:00:${(tenths / 10).toFixed(3).padStart(6, "0")}`;
    const cues = Array.from({ length: 60 }, (_, i) => `${stamp(i)} --> ${stamp(i + 1)}\nLine ${String(i)}`);
    await writeFile(path.join(seed, `long-${word}.vtt`), `WEBVTT\n\n${cues.join("\n\n")}\n`);
    const video = await made(admin, "/api/videos", {
      title: `Long-winded ${word}`,
      description: `Sixty lines about a kettle, ${word}.`,
      videoUrl: `/uploads/seed/long-${word}.mp4`,
      thumbnailUrl: "/uploads/seed/the-kettle-that-took-its-time-poster.jpg",
      duration: 7,
      category: "Meh Moments",
    });

    await page.goto(`/videos/${video.slug}`);
    const box = page.getByRole("list", { name: "Transcript" });
    await expect(box.getByRole("listitem")).toHaveCount(60);
    await box.scrollIntoViewIfNeeded();
    const pageTop = await page.evaluate(() => window.scrollY);
    // Play to 4 s and stop there; the page's own listener has marked the line by then.
    await page.locator("video").evaluate(
      (player: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          player.muted = true;
          const atFour = () => {
            if (player.currentTime < 4) return;
            player.removeEventListener("timeupdate", atFour);
            player.pause();
            resolve();
          };
          player.addEventListener("timeupdate", atFour);
          void player.play();
        }),
    );
    const marked = box.locator("li[aria-current=true]");
    await expect(marked).toHaveText(/Line 4\d$/);
    await expect(marked).toBeInViewport();
    expect(await box.evaluate((list) => list.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(pageTop);
    await admin.delete(`/api/videos/${String(video.id)}`);
    await Promise.all(["mp4", "vtt"].map((ext) => rm(path.join(seed, `long-${word}.${ext}`))));
  });
});
