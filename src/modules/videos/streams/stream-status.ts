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

/** Where the manager asks how video `id`'s ladder stands. */
export const streamingPath = (id: number): string => `/api/videos/${String(id)}/streaming`;

/** How often the manager asks again while a ladder waits or is made. */
export const STREAMING_POLL_MS = 3000;

/** Ask again while the ladder waits its turn or is being made; not once it has ended. */
export const liveWhilePreparing = (status: StreamStatus["status"] | undefined): number | false =>
  status === "queued" || status === "running" ? STREAMING_POLL_MS : false;

/**
 * The manager's line about a video's ladder.
 * @example streamingWords({ status: "running", progress: 0.4, … }) // "Streaming: preparing, 40 %"
 */
export function streamingWords({ status, progress, reason, repackaged }: StreamStatus): string {
  switch (status) {
    case "queued":
      return "Streaming: waiting its turn";
    case "running":
      return `Streaming: preparing, ${String(Math.round(progress * 100))} %`;
    case "done":
      return repackaged ? "Streaming: ready (the upload repackaged, not encoded again)" : "Streaming: ready";
    case "failed":
      return `Streaming: failed: ${reason ?? "no reason given"}`;
    case "skipped":
      return `Streaming: not needed, ${reason ?? "the mp4 serves"}`;
    case "unavailable":
      return "Streaming: ffmpeg is not installed on the server; the mp4 plays";
  }
}
