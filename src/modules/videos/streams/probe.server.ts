import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { z } from "zod";

const run = promisify(execFile);

/** What the ladder is planned from: the upload's picture, its sound, and how long it runs. */
export interface SourceMedia {
  width: number;
  height: number;
  /** Frames a second, as the stream declares them. */
  fps: number;
  videoCodec: string;
  pixelFormat: string;
  /** The sound's codec, or null for a silent video. */
  audioCodec: string | null;
  seconds: number;
}

// ffprobe's JSON (-show_streams -show_format), as far as this reads it.
const probeSchema = z.object({
  streams: z.array(
    z.object({
      codec_type: z.string(),
      codec_name: z.string().default("unknown"),
      width: z.number().int().positive().optional(),
      height: z.number().int().positive().optional(),
      pix_fmt: z.string().default("unknown"),
      avg_frame_rate: z.string().default("0/0"),
      r_frame_rate: z.string().default("0/0"),
    }),
  ),
  format: z.object({ duration: z.coerce.number().nonnegative().optional() }),
});

/** A rate as ffprobe writes it. @example frameRate("30000/1001") // 29.97… */
export function frameRate(rate: string): number {
  const [top = 0, bottom = 1] = rate.split("/").map(Number);
  return bottom > 0 && Number.isFinite(top) ? top / bottom : 0;
}

/** Read ffprobe's JSON of a file; throws with a reason when it has no picture to stream. */
export function readProbe(json: string): SourceMedia {
  const probe = probeSchema.parse(JSON.parse(json));
  const video = probe.streams.find((s) => s.codec_type === "video" && s.width && s.height);
  if (!video?.width || !video.height) throw new Error("the file has no video stream");
  const audio = probe.streams.find((s) => s.codec_type === "audio");
  return {
    width: video.width,
    height: video.height,
    fps: frameRate(video.avg_frame_rate) || frameRate(video.r_frame_rate),
    videoCodec: video.codec_name,
    pixelFormat: video.pix_fmt,
    audioCodec: audio?.codec_name ?? null,
    seconds: probe.format.duration ?? 0,
  };
}

/** What ffprobe finds in `file`. */
export async function probeMedia(ffprobe: string, file: string): Promise<SourceMedia> {
  const { stdout } = await run(
    ffprobe,
    ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", file],
    { timeout: 60_000, maxBuffer: 4 * 1024 * 1024 },
  );
  return readProbe(stdout);
}
