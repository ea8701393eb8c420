import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeOpenAi, transcriptionVtt } from "../setup/fake-openai";
import { dismiss, signIn } from "./admin-helpers";
import { expect, test } from "./fixtures";
import { startInstance } from "./instance";
import { E2E_ADMIN } from "./support";

const KETTLE = "The Kettle That Took Its Time";
const DRAFT = `WEBVTT

00:00:00.500 --> 00:00:02.500
A kettle, switch on.
`;

// A site of its own, with a key and the fake OpenAI as its transcription service.
test("with a key, the owner drafts a video's captions, corrects them and saves them, and search finds their words", async ({
  playwright,
  browser,
}) => {
  test.setTimeout(180_000);
  const fake = await startFakeOpenAi();
  fake.answerWith(transcriptionVtt(DRAFT));
  const dir = mkdtempSync(path.join(os.tmpdir(), "meh-draft-captions-"));
  const site = await startInstance(playwright, `file:${path.join(dir, "db")}`, {
    OPENAI_API_KEY: "sk-fake",
    OPENAI_BASE_URL: fake.url,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  });
  try {
    const page = await browser.newPage({ baseURL: site.origin });
    await signIn(page);
    await page.goto("/admin/videos");
    await page.locator(".manager__card", { hasText: KETTLE }).getByRole("button", { name: /Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit video" });
    const captions = dialog.getByRole("group", { name: "Captions" });

    await captions.getByRole("button", { name: "Draft captions" }).click();
    const draft = captions.getByLabel(/^Draft captions \(WebVTT\)/);
    await expect(draft).toHaveValue(DRAFT);
    // The video's sound went, not the video: a small file, to the transcription model, as WebVTT.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      path: "/v1/audio/transcriptions",
      authorization: "Bearer sk-fake",
      body: { model: "whisper-1", response_format: "vtt", file: { name: "audio.mp3" } },
    });

    await draft.fill(DRAFT.replace("switch on", "switched on, reluctantly"));
    await captions.getByRole("button", { name: "Save as captions" }).click();
    await expect(captions).toContainText(/\/uploads\/captions\/[a-z0-9]+\.vtt/);
    await expect(draft).toHaveCount(0);
    await dialog.getByRole("button", { name: "Update Video" }).click();
    await dismiss(page, "Video Updated");

    // The corrected words are the video's captions now: its transcript, and what search finds.
    await page.goto("/videos/the-kettle-that-took-its-time");
    await expect(page.getByRole("region", { name: "Transcript" }).getByRole("listitem")).toHaveText([
      /0:00\s*A kettle, switched on, reluctantly\./,
    ]);
    const found = (await (await site.request.get("/api/videos/search?q=reluctantly")).json()) as { title: string }[];
    expect(found.map((video) => video.title)).toEqual([KETTLE]);
    await page.close();
  } finally {
    await site.stop();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("without a key there is no Draft captions button", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/videos");
  const asked = page.waitForResponse(
    (response) => response.url().endsWith("/api/videos/draft-captions") && response.request().method() === "GET",
  );
  await page.locator(".manager__card", { hasText: KETTLE }).getByRole("button", { name: /Edit/ }).click();
  const captions = page.getByRole("dialog", { name: "Edit video" }).getByRole("group", { name: "Captions" });
  await expect(captions.getByRole("button", { name: "Upload captions" })).toBeVisible();
  // The form asks the server whether it can draft; the answer is no.
  expect(await (await asked).json()).toEqual({ available: false });
  await expect(captions.getByRole("button", { name: "Draft captions" })).toHaveCount(0);
});
