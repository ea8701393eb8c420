import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { notFound } from "@/lib/errors";
import { allocateSlug, type SlugSource } from "@/lib/unique-slug.server";
import { runtime } from "@/server/runtime";
import { changeOf } from "@/modules/publishing/content-tags";
import type { VideoData } from "./schema";
import { videoColumns, type VideoRow } from "./videos.server";

const { videos } = tables;

/** Where a new video's slug is found free. */
export const videoSlugs: SlugSource = { table: videos, column: videos.slug, fallback: "video" };

/** The video's columns from the form: everything but the slug, which the server derives. */
function videoValues({ slug: _slug, ...fields }: VideoData) {
  return fields;
}

/** Create a video with a slug from its title, then publish it. */
export async function createVideo(db: Db, data: VideoData): Promise<VideoRow> {
  const video = await db.transaction(async (tx) => {
    const slug = await allocateSlug(tx, videoSlugs, data.title);
    const [row] = await tx
      .insert(videos)
      .values({ ...videoValues(data), slug })
      .returning(videoColumns);
    if (!row) throw new Error("Insert returned no row");
    return row;
  });
  await runtime().publisher.publish(changeOf.video(video.id));
  return video;
}

/** Update a video; its slug never changes. */
export async function updateVideo(db: Db, id: number, data: VideoData): Promise<VideoRow> {
  const [row] = await db
    .update(videos)
    .set({ ...videoValues(data), updatedAt: new Date() })
    .where(eq(videos.id, id))
    .returning(videoColumns);
  if (!row) throw notFound("Video");
  await runtime().publisher.publish(changeOf.video(id));
  return row;
}

/** Delete a video. */
export async function deleteVideo(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id });
  if (!row) throw notFound("Video");
  await runtime().publisher.publish(changeOf.video(id));
}
