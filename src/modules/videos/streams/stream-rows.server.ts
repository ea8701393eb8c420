import { and, eq, isNull, or, sql } from "drizzle-orm";
import { type Db, tables } from "@/lib/db.server";
import { errorCode, UNIQUE_VIOLATION } from "@/lib/database-errors";
import { holderGone, THIS_PROCESS } from "@/lib/process-holder.server";

const { videos, videoStreams } = tables;

/** A transcode whose row went untouched this long stopped without saying so (another machine's, killed): it is taken again. */
export const STALE_AFTER_MS = 120_000;

export type StreamRow = typeof videoStreams.$inferSelect;

/** One attempt at a video's ladder, as this process holds it. */
export interface Attempt {
  streamId: number;
  videoId: number;
  sourceUrl: string;
  /** The folder its files go under. */
  prefix: string;
}

/** A fresh folder for one attempt: a new name each time, so no file of an earlier attempt is ever served as one of its. */
const freshPrefix = (videoId: number) =>
  `streams/${String(videoId)}/${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("")}`;

/** Whether a running attempt's process stopped: gone from this machine, or silent too long. */
const abandoned = (row: StreamRow, now: Date) =>
  row.holder === null ||
  (row.holder !== THIS_PROCESS && holderGone(row.holder)) ||
  row.updatedAt.getTime() < now.getTime() - STALE_AFTER_MS;

/**
 * Take the next video whose ladder is missing, made from another file, waiting, or left
 * running by a process that stopped: the row now names this process and a fresh folder,
 * and `stale` lists what the row's earlier attempt stored, for the caller to remove before
 * it writes anything. Null when there is nothing to do, or another transcode is running
 * (one at a time, across every instance).
 */
export async function claimNext(db: Db, now = new Date()): Promise<{ attempt: Attempt; stale: string[] } | null> {
  const candidates = await db
    .select({ videoId: videos.id, videoUrl: videos.videoUrl, stream: videoStreams })
    .from(videos)
    .leftJoin(videoStreams, eq(videoStreams.videoId, videos.id))
    .where(
      or(
        isNull(videoStreams.id),
        sql`${videoStreams.sourceUrl} <> ${videos.videoUrl}`,
        eq(videoStreams.status, "queued"),
        eq(videoStreams.status, "running"),
      ),
    )
    .orderBy(videos.id)
    .limit(50);
  const running = candidates.find((c) => c.stream?.status === "running" && !abandoned(c.stream, now));
  if (running) return null;
  for (const { videoId, videoUrl, stream } of candidates) {
    const attempt = { videoId, sourceUrl: videoUrl, prefix: freshPrefix(videoId) };
    const taken = { ...attempt, status: "running" as const, progress: 0, error: null, files: [], repackaged: false };
    try {
      const [row] = stream
        ? await db
            .update(videoStreams)
            .set({ ...taken, holder: THIS_PROCESS, updatedAt: now })
            // Only if no one took it since it was read: a claim changes its holder or its status.
            .where(
              and(
                eq(videoStreams.id, stream.id),
                eq(videoStreams.status, stream.status),
                stream.holder === null ? isNull(videoStreams.holder) : eq(videoStreams.holder, stream.holder),
              ),
            )
            .returning({ id: videoStreams.id })
        : await db
            .insert(videoStreams)
            .values({ ...taken, holder: THIS_PROCESS, updatedAt: now })
            .onConflictDoNothing({ target: videoStreams.videoId })
            .returning({ id: videoStreams.id });
      if (row) return { attempt: { ...attempt, streamId: row.id }, stale: stream?.files ?? [] };
    } catch (error) {
      // Another instance began a transcode meanwhile.
      if (errorCode(error) === UNIQUE_VIOLATION) return null;
      throw error;
    }
  }
  return null;
}

/** Note how far the attempt has come; it also says its process is alive. */
export async function touchAttempt(db: Db, attempt: Attempt, progress: number): Promise<void> {
  await db
    .update(videoStreams)
    .set({ progress: Math.min(1, Math.max(0, progress)), updatedAt: new Date() })
    .where(eq(videoStreams.id, attempt.streamId));
}

/** List every key the attempt will store, before the first is stored. */
export async function listFiles(db: Db, attempt: Attempt, files: string[], repackaged: boolean): Promise<void> {
  await db
    .update(videoStreams)
    .set({ files, repackaged, updatedAt: new Date() })
    .where(eq(videoStreams.id, attempt.streamId));
}

/**
 * Publish the ladder whose files are all stored: the video's page plays it from now on, if
 * the video still has the file it was made from. True when it was published.
 */
export async function publishLadder(db: Db, attempt: Attempt, masterUrl: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .update(videoStreams)
      .set({ status: "done", progress: 1, holder: null, updatedAt: new Date() })
      .where(eq(videoStreams.id, attempt.streamId));
    const shown = await tx
      .update(videos)
      .set({ streamUrl: masterUrl })
      .where(and(eq(videos.id, attempt.videoId), eq(videos.videoUrl, attempt.sourceUrl)))
      .returning({ id: videos.id });
    return shown.length === 1;
  });
}

/**
 * End the attempt without a ladder: `failed` with why, `skipped` when none is needed, or
 * `queued` again (the process is stopping) to be taken at the next start. Its files are gone.
 */
export async function endAttempt(
  db: Db,
  attempt: Attempt,
  status: "failed" | "skipped" | "queued",
  error: string | null,
): Promise<void> {
  await db
    .update(videoStreams)
    .set({ status, error, files: [], progress: 0, holder: null, updatedAt: new Date() })
    .where(eq(videoStreams.id, attempt.streamId));
}

/** Ladders of deleted videos: their files to remove, then their rows. */
export function orphanedLadders(db: Db): Promise<StreamRow[]> {
  return db.select().from(videoStreams).where(isNull(videoStreams.videoId));
}

export async function forgetLadder(db: Db, streamId: number): Promise<void> {
  await db.delete(videoStreams).where(eq(videoStreams.id, streamId));
}

/** A video's ladder as its row stands, or undefined before any attempt. */
export async function streamOf(db: Db, videoId: number): Promise<StreamRow | undefined> {
  const [row] = await db.select().from(videoStreams).where(eq(videoStreams.videoId, videoId)).limit(1);
  return row;
}
