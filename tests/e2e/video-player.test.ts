import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The kettle is a seven-second film with three captions; the player is Media Chrome over the
// page's own <video>.
const KETTLE = "/videos/the-kettle-that-took-its-time";

/** Where the player is now. */
const position = (page: Page): Promise<number> =>
  page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime);

/** Seek the player to `seconds` and wait until it is there. */
const seekTo = (page: Page, seconds: number): Promise<void> =>
  page.locator("video").evaluate(
    (video: HTMLVideoElement, to: number) =>
      new Promise<void>((resolve) => {
        const go = () => {
          video.addEventListener(
            "seeked",
            () => {
              resolve();
            },
            { once: true },
          );
          video.currentTime = to;
        };
        if (video.readyState >= HTMLMediaElement.HAVE_METADATA) go();
        else video.addEventListener("loadedmetadata", go, { once: true });
      }),
    seconds,
  );

type PlayerState = { paused: boolean; muted: boolean; rate: number; captions: boolean };

/**
 * What the video is doing, and what Media Chrome's controls show of it. A hotkey steps from
 * what the controls show, which follows the video an event later: a key pressed before they
 * catch up would step from the old state.
 */
const playerState = (page: Page): Promise<PlayerState & { shown: PlayerState }> =>
  page.locator("media-controller").evaluate((controller) => {
    const video = controller.querySelector("video") as HTMLVideoElement;
    const control = (name: string, attribute: string) =>
      controller.querySelector(`media-${name}-button`)?.getAttribute(attribute) ?? null;
    return {
      paused: video.paused,
      muted: video.muted,
      rate: video.playbackRate,
      captions: [...video.textTracks].some((track) => track.kind === "captions" && track.mode === "showing"),
      shown: {
        paused: control("play", "mediapaused") !== null,
        muted: control("mute", "mediavolumelevel") === "off",
        rate: Number(control("playback-rate", "mediaplaybackrate") ?? 1),
        captions: Boolean(control("captions", "mediasubtitlesshowing")),
      },
    };
  });

/** The player, dressed: Media Chrome's controls in place of the browser's own. */
async function dressedPlayer(page: Page) {
  await page.goto(KETTLE);
  await expect(page.getByRole("button", { name: "play", exact: true })).toBeVisible();
  await expect(page.locator("video")).not.toHaveAttribute("controls");
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the browser's own controls play the film, with its captions", async ({ page }) => {
    await page.goto(KETTLE);
    const video = page.locator("video");
    await expect(video).toHaveAttribute("controls");
    await expect(video).toBeVisible();
    await expect(video.locator("source")).toHaveAttribute("src", /the-kettle-that-took-its-time\.mp4$/);
    await expect(video.locator("track[kind=captions]")).toHaveAttribute("src", /\.vtt$/);
    await expect(page.getByRole("button", { name: /Resume from/ })).toBeHidden();
  });
});

test.describe("with JavaScript", () => {
  test("the keys viewers expect drive the player", async ({ page }) => {
    await dressedPlayer(page);
    await page.getByRole("button", { name: "play", exact: true }).focus();
    /** Press a key, then wait until the video and the controls both show what it did. */
    const press = async (key: string, expected: Partial<PlayerState>) => {
      await page.keyboard.press(key);
      await expect.poll(() => playerState(page)).toMatchObject({ ...expected, shown: expected });
    };

    await press("m", { muted: true });
    await press("k", { paused: false });
    await press("k", { paused: true });
    await press(">", { rate: 1.25 });
    await press("<", { rate: 1, captions: true });
    await press("c", { captions: false });
    await press("c", { captions: true });

    // j and l go back and on ten seconds, as far as the film allows.
    await seekTo(page, 6);
    await page.keyboard.press("j");
    await expect.poll(() => position(page)).toBe(0);
    await page.keyboard.press("l");
    await expect.poll(async () => Math.round(await position(page))).toBe(7);
  });

  test("coming back offers to resume where one left off, at the speed one chose", async ({ page }) => {
    await dressedPlayer(page);
    await seekTo(page, 5.4);
    await page.getByRole("button", { name: "play", exact: true }).focus();
    // Each press steps from the rate the controls show, so the second waits for the first.
    for (const rate of [1.25, 1.5]) {
      await page.keyboard.press(">");
      await expect.poll(() => playerState(page)).toMatchObject({ rate, shown: { rate } });
    }

    // "Start from the beginning" answers the offer; it comes again next time.
    await page.reload();
    await page.getByRole("button", { name: "Start from the beginning" }).click();
    await expect(page.getByRole("button", { name: /Resume from/ })).toBeHidden();
    await page.reload();
    const resume = page.getByRole("button", { name: "Resume from 0:05" });
    await expect(resume).toBeVisible();
    expect(await page.locator("video").evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
    await page.locator("video").evaluate((v: HTMLVideoElement) => {
      v.muted = true;
    });
    await resume.click();
    await expect(resume).toBeHidden();
    // The seek waits for the film's metadata when it has not come yet.
    await expect.poll(() => position(page)).toBeGreaterThanOrEqual(5);

    // Nothing of it left the browser: it is in this origin's storage, and only there.
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("meh:watched:")));
    expect(kept).toHaveLength(1);

    // A shared moment is taken as asked, with no offer to go elsewhere.
    const id = await page.locator("media-controller").getAttribute("data-video-id");
    await page.evaluate(
      (key) => {
        localStorage.setItem(key, JSON.stringify({ position: 5, rate: 1, savedAt: Date.now() }));
      },
      `meh:watched:${String(id)}`,
    );
    await page.goto("/about");
    await page.goto(`${KETTLE}#t=2`);
    await expect(page.getByRole("button", { name: "play", exact: true })).toBeVisible();
    await expect.poll(() => position(page)).toBe(2);
    await expect(page.getByRole("button", { name: /Resume from/ })).toBeHidden();
  });
});
