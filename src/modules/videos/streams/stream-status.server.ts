import type { Db } from "@/lib/db.server";
import { notFound } from "@/lib/errors";
import { videoById } from "../videos.server";
import type { Ffmpeg } from "./ffmpeg.server";
import type { StreamStatus } from "./stream-status";
import { streamOf } from "./stream-rows.server";

/**
 * Where video `id`'s ladder stands for the file it has now: a ladder made from an earlier
 * file counts as none, and the next run of the job takes it.
 */
export async function streamStatus(db: Db, id: number, ffmpeg: Ffmpeg | null): Promise<StreamStatus> {
  const video = await videoById(db, id);
  if (!video) throw notFound("Video");
  const row = await streamOf(db, id);
  const current = row?.sourceUrl === video.videoUrl ? row : undefined;
  // A ladder already made plays on whether or not ffmpeg is still here.
  if (!ffmpeg && current?.status !== "done") {
    return { status: "unavailable", progress: 0, reason: "ffmpeg is not installed on the server", repackaged: false };
  }
  if (!current) return { status: "queued", progress: 0, reason: null, repackaged: false };
  return { status: current.status, progress: current.progress, reason: current.error, repackaged: current.repackaged };
}
