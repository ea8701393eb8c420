import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { processValue } from "@/lib/process-value";
import { settings } from "@/lib/settings.server";

const run = promisify(execFile);

/** The programs that make streaming ladders, as found on this machine. */
export interface Ffmpeg {
  ffmpeg: string;
  ffprobe: string;
  /** As `ffmpeg -version` says it, for the start's banner. */
  version: string;
}

/**
 * ffprobe where ffmpeg is: beside it in its folder, or on the PATH as ffmpeg is.
 * @example ffprobeBeside("/opt/ff/bin/ffmpeg") // "/opt/ff/bin/ffprobe"
 * @example ffprobeBeside("ffmpeg") // "ffprobe"
 */
export function ffprobeBeside(ffmpeg: string): string {
  const name = path.basename(ffmpeg).replace("ffmpeg", "ffprobe");
  return ffmpeg.includes("/") ? path.join(path.dirname(ffmpeg), name) : name;
}

/** ffmpeg and ffprobe at `ffmpegPath`, if both run; null when either is missing or it is off (undefined). */
export async function findFfmpeg(ffmpegPath: string | undefined): Promise<Ffmpeg | null> {
  if (!ffmpegPath) return null;
  const ffprobe = ffprobeBeside(ffmpegPath);
  try {
    const { stdout } = await run(ffmpegPath, ["-hide_banner", "-version"], { timeout: 10_000 });
    await run(ffprobe, ["-hide_banner", "-version"], { timeout: 10_000 });
    return { ffmpeg: ffmpegPath, ffprobe, version: /version (\S+)/.exec(stdout)?.[1] ?? "of unknown version" };
  } catch {
    return null;
  }
}

// Looked for once: the start's banner says what was found, and the jobs use the same answer.
const held = processValue<Promise<Ffmpeg | null>>(import.meta.hot, "ffmpeg", () => findFfmpeg(settings().ffmpegPath));

/** This process's ffmpeg, or null when videos get no streaming ladder. */
export const siteFfmpeg = (): Promise<Ffmpeg | null> => held.get();
