import { spawn } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import OpenAI, { toFile } from "openai";
import { conflict, notFound, tooLarge, unavailable } from "@/lib/errors";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { webVttFault } from "@/modules/uploads/webvtt.server";

/** OpenAI's limit on one transcription request's file (platform.openai.com/docs/guides/speech-to-text). */
export const TRANSCRIPTION_MAX_BYTES = 25 * 1024 * 1024;
/** How long a draft may take: a long video's audio is minutes of the provider's time. */
const TRANSCRIPTION_TIMEOUT_MS = 5 * 60_000;

/** Where drafts come from: OpenAI's transcription API, as the settings name it. */
export interface DraftCaptionsDeps {
  openai: { apiKey: string; baseUrl?: string };
  store: ObjectStore;
  /** The ffmpeg to cut the sound out with; none sends the file itself. */
  ffmpeg?: string;
}

/** Run ffmpeg; its exit code, and what it said on stderr (for "no sound"). */
function runFfmpeg(ffmpeg: string, args: string[]): Promise<{ code: number | null; said: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ["ignore", "ignore", "pipe"] });
    let said = "";
    child.stderr.on("data", (chunk: Buffer) => {
      said = (said + chunk.toString("utf8")).slice(-4000);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      resolve({ code, said });
    });
  });
}

/**
 * The sound of the video file, small enough to send: with ffmpeg, one channel at 32 kb/s
 * (about 14 MB an hour, where a video's own file is often hundreds); without it, the file
 * itself when it is under the limit. A file with no sound, or too long even so, is refused.
 */
async function audioToSend(video: string, dir: string, ffmpeg: string | undefined): Promise<string> {
  let file = video;
  if (ffmpeg) {
    file = path.join(dir, "audio.mp3");
    const { code, said } = await runFfmpeg(ffmpeg, [
      "-nostdin",
      "-v",
      "error",
      "-i",
      video,
      "-vn",
      "-ac",
      "1",
      "-b:a",
      "32k",
      file,
    ]);
    if (code !== 0) {
      if (/does not contain any stream|matches no streams/i.test(said))
        throw conflict("The video has no sound to transcribe.");
      throw conflict("The video's sound could not be read.");
    }
  }
  if ((await stat(file)).size > TRANSCRIPTION_MAX_BYTES)
    throw tooLarge(
      ffmpeg
        ? "The video's sound is longer than one transcription can take (about 25 MB, some 14 hours)."
        : "The video file is over 25 MB, the most a transcription takes; with ffmpeg installed its sound alone is sent.",
    );
  return file;
}

/**
 * A WebVTT draft of what the uploaded video at `videoUrl` says, from OpenAI's transcription
 * API (whisper-1), for the curator to correct before it becomes the video's captions. The
 * answer is checked as an uploaded captions file is: the provider's word is not trusted.
 */
export async function draftCaptions(videoUrl: string, deps: DraftCaptionsDeps): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "meh-draft-captions-"));
  try {
    const found = await deps.store.stream(videoUrl.slice(UPLOADS_PREFIX.length));
    if (!found) throw notFound("Video file");
    const video = path.join(dir, "video");
    await pipeline(found.body, createWriteStream(video));
    const audio = await audioToSend(video, dir, deps.ffmpeg);
    const client = new OpenAI({
      apiKey: deps.openai.apiKey,
      baseURL: deps.openai.baseUrl,
      timeout: TRANSCRIPTION_TIMEOUT_MS,
      maxRetries: 1,
    });
    let vtt: string;
    try {
      vtt = await client.audio.transcriptions.create({
        file: await toFile(createReadStream(audio), path.basename(audio === video ? videoUrl : audio)),
        model: "whisper-1",
        response_format: "vtt",
      });
    } catch (error) {
      console.error("OpenAI could not transcribe a video:", error);
      throw unavailable("The transcription service could not make a draft. Try again in a while.", 60);
    }
    if (typeof vtt !== "string" || webVttFault(new TextEncoder().encode(vtt)) !== null)
      throw unavailable("The transcription service answered with something that is not WebVTT.", 60);
    return vtt;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
