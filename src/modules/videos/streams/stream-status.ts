import { z } from "zod";

/** Where a video's streaming ladder stands, as the manager shows it; `unavailable` when the server has no ffmpeg. */
export const streamStatusSchema = z.object({
  status: z.enum(["queued", "running", "done", "failed", "skipped", "unavailable"]),
  /** How far a running transcode has come, 0 to 1. */
  progress: z.number().min(0).max(1),
  /** Why it failed or was skipped, or why there is none. */
  reason: z.string().nullable(),
  /** The top rung is the upload itself, repackaged without encoding it again. */
  repackaged: z.boolean(),
});

export type StreamStatus = z.infer<typeof streamStatusSchema>;
