import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { notFound } from "@/lib/errors";
import { allocateSlug, type SlugSource } from "@/lib/unique-slug.server";
import { changeOf } from "@/modules/publishing/content-tags";
import { announce } from "@/modules/editorial/announce.server";
import { nextPublication } from "@/modules/editorial/publication";
import { lockedPublication } from "@/modules/editorial/visibility.server";
import type { VideoData } from "./schema";
import { videoColumns, type VideoRow } from "./videos.server";

const { videos } = tables;

/** Where a new video's slug is found free. */
export const videoSlugs: SlugSource = { table: videos, column: videos.slug, fallback: "video" };

/** The video's columns from the form: everything but the slug, which the server derives, and where it stands. */
function videoValues({ slug: _slug, status: _status, publishedAt: _at, ...fields }: VideoData) {
  return fields;
}

/** Create a video with a slug from its title; published now unless it is a draft or scheduled. */
export async function createVideo(db: Db, data: VideoData): Promise<VideoRow> {
  const video = await db.transaction(async (tx) => {
    const slug = await allocateSlug(tx, videoSlugs, data.title);
    const [row] = await tx
      .insert(videos)
      .values({ ...videoValues(data), ...nextPublication(undefined, data, new Date()), slug })
      .returning(videoColumns);
    if (!row) throw new Error("Insert returned no row");
    return row;
  });
  await announce(changeOf.video(video.id), undefined, video);
  return video;
}

/** Update a video; its slug never changes. Without `status` it stays where it stands. */
export async function updateVideo(db: Db, id: number, data: VideoData): Promise<VideoRow> {
  const { before, video } = await db.transaction(async (tx) => {
    const current = await lockedPublication(tx, videos, id);
    if (!current) throw notFound("Video");
    const [row] = await tx
      .update(videos)
      .set({ ...videoValues(data), ...nextPublication(current, data, new Date()), updatedAt: new Date() })
      .where(eq(videos.id, id))
      .returning(videoColumns);
    if (!row) throw notFound("Video");
    return { before: current, video: row };
  });
  await announce(changeOf.video(id), before, video);
  return video;
}

/** Delete a video. */
export async function deleteVideo(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(videos).where(eq(videos.id, id)).returning({ status: videos.status });
  if (!row) throw notFound("Video");
  await announce(changeOf.video(id), row, undefined);
}
