import { copyFile, mkdir, mkdtemp, rm, truncate } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { apiError, startFakeOpenAi, transcriptionVtt, type FakeOpenAi } from "../../../tests/setup/fake-openai.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { LocalStore } from "@/modules/uploads/local-store.server";
import { draftCaptions, TRANSCRIPTION_MAX_BYTES, type DraftCaptionsDeps } from "./draft-captions.server";

// A draft of a video's captions from OpenAI's transcription API, faked on loopback: the
// sound is cut out with ffmpeg where there is one, the answer checked as captions are.
const DRAFT = "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nA kettle, switched on.\n";
const KETTLE = "content/media/videos/the-kettle-that-took-its-time.mp4";

let handle: DbHandle;
let root: string;
let fake: FakeOpenAi;
let deps: DraftCaptionsDeps;

beforeAll(async () => {
  handle = await createTestDb();
  root = await mkdtemp(path.join(os.tmpdir(), "meh-draft-captions-"));
  await mkdir(path.join(root, "videos"));
  await copyFile(KETTLE, path.join(root, "videos", "kettle.mp4"));
  fake = await startFakeOpenAi();
  deps = { openai: { apiKey: "sk-fake", baseUrl: fake.url }, store: new LocalStore(root, handle.db), ffmpeg: "ffmpeg" };
});
afterAll(async () => {
  await fake.close();
  await handle.close();
  await rm(root, { recursive: true, force: true });
});

it("sends the video's sound alone, small, and gives back the WebVTT draft", async () => {
  fake.answerWith(transcriptionVtt(DRAFT));
  expect(await draftCaptions("/uploads/videos/kettle.mp4", deps)).toBe(DRAFT);
  const [sent] = fake.requests.splice(0);
  expect(sent?.path).toBe("/v1/audio/transcriptions");
  expect(sent?.authorization).toBe("Bearer sk-fake");
  expect(sent?.body).toMatchObject({ model: "whisper-1", response_format: "vtt", file: { name: "audio.mp3" } });
  // Seven seconds of one channel at 32 kb/s: some 30 KB, where the video is 83 KB.
  expect((sent?.body.file as { size: number }).size).toBeLessThan(40_000);
});

it("without ffmpeg sends the file itself under OpenAI's limit, and refuses one over it", async () => {
  fake.answerWith(transcriptionVtt(DRAFT));
  const plain = { ...deps, ffmpeg: undefined };
  expect(await draftCaptions("/uploads/videos/kettle.mp4", plain)).toBe(DRAFT);
  expect(fake.requests.splice(0)[0]?.body.file).toMatchObject({ name: "kettle.mp4", size: 83_394 });

  await copyFile(KETTLE, path.join(root, "videos", "long.mp4"));
  await truncate(path.join(root, "videos", "long.mp4"), TRANSCRIPTION_MAX_BYTES + 1);
  await expect(draftCaptions("/uploads/videos/long.mp4", plain)).rejects.toMatchObject({ code: "too_large" });
  expect(fake.requests).toEqual([]);
});

it("refuses a file that is gone or has no sound, and an answer that is not WebVTT", async () => {
  await expect(draftCaptions("/uploads/videos/gone.mp4", deps)).rejects.toMatchObject({ code: "not_found" });
  // Not a video at all: there is no sound in it to read.
  await copyFile(
    "content/media/videos/the-kettle-that-took-its-time-poster.jpg",
    path.join(root, "videos", "still.mp4"),
  );
  await expect(draftCaptions("/uploads/videos/still.mp4", deps)).rejects.toMatchObject({ code: "conflict" });
  expect(fake.requests).toEqual([]);

  fake.answerWith(transcriptionVtt("Here are your captions!"));
  await expect(draftCaptions("/uploads/videos/kettle.mp4", deps)).rejects.toMatchObject({ code: "unavailable" });
  fake.requests.splice(0);
});

it("says the service could not make a draft when it fails, and logs why", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
  fake.answerWith(apiError(400));
  await expect(draftCaptions("/uploads/videos/kettle.mp4", deps)).rejects.toMatchObject({
    code: "unavailable",
    message: expect.stringContaining("could not make a draft") as unknown,
  });
  expect(logged).toHaveBeenCalledWith("OpenAI could not transcribe a video:", expect.anything());
  logged.mockRestore();
  fake.requests.splice(0);
});
