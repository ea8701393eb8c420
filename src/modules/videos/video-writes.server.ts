import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { notFound } from "@/lib/errors";
import { allocateSlug, type SlugSource } from "@/lib/unique-slug.server";
import { changeOf } from "@/modules/publishing/content-tags";
import { announce } from "@/modules/editorial/announce.server";
import { nextPublication } from "@/modules/editorial/publication";
import { endPreviewLinksIfPublished } from "@/modules/editorial/preview-links.server";
import { lockedPublication } from "@/modules/editorial/visibility.server";
import {
  keepAutosave,
  keepRevision,
  restoredInput,
  saveReason,
  type RevisionSubject,
  type SavedBy,
} from "@/modules/editorial/revisions.server";
import { videoDocument } from "./video-document";
import { videoInputSchema, type VideoData } from "./schema";
import { videoColumns, type VideoRow } from "./videos.server";

const { videos } = tables;

/** Where a new video's slug is found free. */
export const videoSlugs: SlugSource = { table: videos, column: videos.slug, fallback: "video" };

/** The video's columns from the form: everything but the slug, which the server derives, and where it stands. */
function videoValues({ slug: _slug, status: _status, publishedAt: _at, ...fields }: VideoData) {
  return fields;
}

const subject = (id: number): RevisionSubject => ({ kind: "video", id });

/** Create a video with a slug from its title, and its first revision; published now unless it is a draft or scheduled. */
export async function createVideo(db: Db, data: VideoData, by: SavedBy = { authorId: null }): Promise<VideoRow> {
  const video = await db.transaction(async (tx) => {
    const slug = await allocateSlug(tx, videoSlugs, data.title);
    const [row] = await tx
      .insert(videos)
      .values({ ...videoValues(data), ...nextPublication(undefined, data, new Date()), slug })
      .returning(videoColumns);
    if (!row) throw new Error("Insert returned no row");
    await keepRevision(tx, subject(row.id), {
      reason: "created",
      title: row.title,
      document: videoDocument(row),
      authorId: by.authorId,
    });
    return row;
  });
  await announce(changeOf.video(video.id), undefined, video);
  return video;
}

/**
 * Update a video; its slug never changes. Without `status` it stays where it stands. Every
 * update keeps a revision of what it saved.
 */
export async function updateVideo(
  db: Db,
  id: number,
  data: VideoData,
  by: SavedBy = { authorId: null },
): Promise<VideoRow> {
  const { before, video } = await db.transaction(async (tx) => {
    const current = await lockedPublication(tx, videos, id);
    if (!current) throw notFound("Video");
    const [row] = await tx
      .update(videos)
      .set({ ...videoValues(data), ...nextPublication(current, data, new Date()), updatedAt: new Date() })
      .where(eq(videos.id, id))
      .returning(videoColumns);
    if (!row) throw notFound("Video");
    await endPreviewLinksIfPublished(tx, subject(id), current, row);
    await keepRevision(tx, subject(id), {
      reason: by.reason ?? saveReason(current, row),
      title: row.title,
      document: videoDocument(row),
      authorId: by.authorId,
    });
    return { before: current, video: row };
  });
  await announce(changeOf.video(id), before, video);
  return video;
}

/** Bring back an older revision's fields, as a new save; the video stays as public as it is. */
export async function restoreVideo(db: Db, id: number, revisionId: number, by: SavedBy): Promise<VideoRow> {
  const data = await restoredInput(db, subject(id), revisionId, videoInputSchema);
  return updateVideo(db, id, data, { ...by, reason: "restored" });
}

/** Keep the manager's work as the video's autosave, never touching the video itself. */
export function autosaveVideo(db: Db, id: number, data: VideoData, by: SavedBy): Promise<void> {
  return keepAutosave(
    db,
    videos,
    { ...subject(id), noun: "Video" },
    data.title,
    (current) => videoDocument({ ...data, ...current }),
    by,
  );
}

/** Delete a video (its history goes with it). */
export async function deleteVideo(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(videos).where(eq(videos.id, id)).returning({ status: videos.status });
  if (!row) throw notFound("Video");
  await announce(changeOf.video(id), row, undefined);
}
