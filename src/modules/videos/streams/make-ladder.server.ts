import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Db } from "@/lib/db.server";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { changeOf } from "@/modules/publishing/content-tags";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { contentTypeOf } from "@/modules/uploads/serve-file.server";
import type { Ffmpeg } from "./ffmpeg.server";
import { ffmpegArgs, ladderFor, noLadderReason } from "./ladder";
import { probeMedia } from "./probe.server";
import { runFfmpeg, transcodeThreads } from "./run-ffmpeg.server";
import {
  type Attempt,
  claimNext,
  endAttempt,
  forgetLadder,
  listFiles,
  orphanedLadders,
  publishLadder,
  touchAttempt,
} from "./stream-rows.server";

/** What making ladders works with. */
export interface LadderSite {
  db: Db;
  store: ObjectStore;
  /** None: no ladder is made, and the videos play their mp4 as before. */
  ffmpeg: Ffmpeg | null;
  /** Where attempts work on this machine (`DATA_DIR/transcode`): a folder per attempt, removed when it ends. */
  workDir: string;
  /** Aborted when the process stops: ffmpeg is ended and the attempt waits for the next start. */
  signal: AbortSignal;
}

/** How often a transcode's progress is written: often enough for the manager's bar, rarely enough to cost nothing. */
const PROGRESS_EVERY_MS = 1000;

/**
 * Make every ladder that is due, one after another (a run of the `video-streams` job): first
 * remove the ladders of deleted videos, then take each video whose ladder is missing, stale
 * or left half-made by a stopped process, remove what its earlier attempt stored, and make it.
 */
export async function prepareStreams(site: LadderSite): Promise<void> {
  for (const orphan of await orphanedLadders(site.db)) {
    await removeKeys(site.store, orphan.files);
    await forgetLadder(site.db, orphan.id);
  }
  if (!site.ffmpeg) return;
  while (!site.signal.aborted) {
    const next = await claimNext(site.db);
    if (!next) return;
    await removeKeys(site.store, next.stale);
    await makeLadder(site, site.ffmpeg, next.attempt);
  }
}

async function removeKeys(store: ObjectStore, keys: readonly string[]): Promise<void> {
  for (const key of keys) await store.remove(key);
}

/**
 * Make one ladder in a work folder of its own, list its files on the row, store them, and
 * only then publish it. However it ends, a failure or a stop leaves no file of it stored.
 */
async function makeLadder(site: LadderSite, { ffmpeg, ffprobe }: Ffmpeg, attempt: Attempt): Promise<void> {
  const { db, store, signal } = site;
  // Named by the row, so an attempt a crash cut short leaves one folder, which the next removes.
  const work = path.join(site.workDir, String(attempt.streamId));
  let stored: string[] = [];
  try {
    await rm(work, { recursive: true, force: true });
    const out = path.join(work, "ladder");
    await mkdir(out, { recursive: true });
    const source = path.join(work, "source");
    await copyOut(store, attempt.sourceUrl, source);
    const media = await probeMedia(ffprobe, source);
    const rungs = ladderFor(media);
    const unneeded = noLadderReason(rungs);
    if (unneeded) {
      await endAttempt(db, attempt, "skipped", unneeded);
      return;
    }
    let written = Promise.resolve();
    let lastWrite = 0;
    await runFfmpeg(ffmpeg, ffmpegArgs(source, media, rungs, transcodeThreads()), {
      cwd: out,
      signal,
      onProgress: (seconds) => {
        if (media.seconds <= 0 || Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = Date.now();
        written = written.then(() => touchAttempt(db, attempt, seconds / media.seconds)).catch(() => undefined);
      },
    });
    await written;
    const files = (await readdir(out, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(out, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
      .sort();
    stored = files.map((file) => `${attempt.prefix}/${file}`);
    await listFiles(
      db,
      attempt,
      stored,
      rungs.some((rung) => rung.copy),
    );
    for (const file of files) {
      signal.throwIfAborted();
      await store.put(`${attempt.prefix}/${file}`, path.join(out, file), contentTypeOf(file));
    }
    if (await publishLadder(db, attempt, `${UPLOADS_PREFIX}${attempt.prefix}/master.m3u8`)) {
      await sitePublisher().publish(changeOf.video(attempt.videoId));
    }
  } catch (error) {
    await removeKeys(store, stored);
    if (signal.aborted) await endAttempt(db, attempt, "queued", null);
    else await endAttempt(db, attempt, "failed", (error as Error).message.slice(0, 500));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Copy the video's file out of the store, for ffmpeg to read (and seek in) on this machine. */
async function copyOut(store: ObjectStore, videoUrl: string, file: string): Promise<void> {
  const key = videoUrl.startsWith(UPLOADS_PREFIX) ? videoUrl.slice(UPLOADS_PREFIX.length) : "";
  const object = key ? await store.stream(key) : null;
  if (!object) throw new Error("the video's file is not in the store");
  await pipeline(object.body, createWriteStream(file));
}
