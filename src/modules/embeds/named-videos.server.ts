import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import type { EmbeddedVideo } from "@/lib/markdown/video-embeds";
import { isPublic } from "@/modules/editorial/visibility.server";
import { captionsFor } from "@/modules/uploads/captions.server";

const { videos } = tables;

type NamedVideo = Pick<
  typeof videos.$inferSelect,
  "id" | "slug" | "title" | "duration" | "thumbnailUrl" | "videoUrl" | "captionsUrl"
>;

/** The videos a body names by slug. */
export interface NamedVideos {
  /** The ones visitors may see, which a body may embed. */
  visible: NamedVideo[];
  /** Every video a slug names, public or not: a change to any of them changes the body. */
  ids: number[];
  /** The slugs that name no video at all, which a video made later may take. */
  unknown: string[];
}

/** The videos `slugs` name, read in one query whatever their status. */
export async function namedVideos(db: Db, slugs: readonly string[]): Promise<NamedVideos> {
  if (slugs.length === 0) return { visible: [], ids: [], unknown: [] };
  const rows = await db
    .select({
      id: videos.id,
      slug: videos.slug,
      title: videos.title,
      duration: videos.duration,
      thumbnailUrl: videos.thumbnailUrl,
      videoUrl: videos.videoUrl,
      captionsUrl: videos.captionsUrl,
      visible: isPublic(videos).mapWith(Boolean),
    })
    .from(videos)
    .where(inArray(videos.slug, [...slugs]));
  const found = new Set(rows.map((row) => row.slug));
  return {
    visible: rows.filter((row) => row.visible),
    ids: rows.map((row) => row.id),
    unknown: slugs.filter((slug) => !found.has(slug)),
  };
}

/** What an embed shows of each video, by slug, its captions found as its own page finds them. */
export async function embeddedVideos(rows: NamedVideo[]): Promise<Map<string, EmbeddedVideo>> {
  const embeds = await Promise.all(
    rows.map(async (row): Promise<[string, EmbeddedVideo]> => [
      row.slug,
      {
        slug: row.slug,
        title: row.title,
        duration: row.duration,
        posterUrl: row.thumbnailUrl,
        videoUrl: row.videoUrl,
        captionsUrl: await captionsFor(row),
      },
    ]),
  );
  return new Map(embeds);
}
