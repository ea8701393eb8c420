import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { videos } from "./videos.ts";

/** Where a video's streaming ladder stands: waiting, being made, published, given up on, or not needed. */
export const VIDEO_STREAM_STATUSES = ["queued", "running", "done", "failed", "skipped"] as const;
export type VideoStreamStatus = (typeof VIDEO_STREAM_STATUSES)[number];

const statusList = sql.raw(VIDEO_STREAM_STATUSES.map((s) => `'${s}'`).join(", "));

/**
 * The HLS ladder of one video's file (src/modules/videos/streams/): one row per video, for
 * the file it was last made from (`sourceUrl`). Every attempt writes under a fresh `prefix`
 * and lists its files in `files` before it stores any, so an attempt a restart cut short is
 * removed whole before the next begins; the ladder is published by setting `videos.stream_url`
 * only once every file is in the store. A deleted video leaves its row (video_id null) for the
 * sweep to remove the files.
 */
export const videoStreams = pgTable(
  "video_streams",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    videoId: integer("video_id").references(() => videos.id, { onDelete: "set null" }),
    /** The video's file (`/uploads/videos/…`) this ladder is made from; another file makes it stale. */
    sourceUrl: text("source_url").notNull(),
    status: text({ enum: VIDEO_STREAM_STATUSES }).notNull().default("queued"),
    /** How far the transcode has come, 0 to 1. */
    progress: real().notNull().default(0),
    /** Why it failed, or why no ladder is made. */
    error: text(),
    /** The folder of the object store this attempt writes under (`streams/<video>/<random>`). */
    prefix: text(),
    /** Every object key the attempt stores, listed before the first is stored. */
    files: jsonb().$type<string[]>().notNull().default([]),
    /** The top rung is the upload's own video and audio, repackaged rather than encoded again. */
    repackaged: boolean().notNull().default(false),
    /** The process making it (`host:pid`): one killed on this machine is taken again at once. */
    holder: text(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("video_streams_status", sql`${t.status} in (${statusList})`),
    check("video_streams_progress", sql`${t.progress} between 0 and 1`),
    uniqueIndex("video_streams_video").on(t.videoId),
    // One transcode at a time across every instance: the machine stays free for pages.
    uniqueIndex("video_streams_one_running")
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
);
