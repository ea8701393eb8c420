import { and, eq, getTableColumns, ne } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { itemReads } from "@/modules/items/item-reads.server";

const { videos } = tables;
/** Every column but the search document. */
export const { search: _search, ...videoColumns } = getTableColumns(videos);

export type VideoRow = Omit<typeof videos.$inferSelect, "search">;

/** Home shows three videos, and a video page up to three related ones (SPEC §9). */
export const RECENT_VIDEOS = 3;
export const RELATED_VIDEOS = 3;

/** The shared reads, over videos; they rank by their whole document, a title and description being small. */
export const videoReads = itemReads<VideoRow>({
  table: videos,
  columns: videoColumns,
  rankBy: videos.search,
  recent: RECENT_VIDEOS,
});

export const {
  list: listVideos,
  page: listVideosPage,
  recent: recentVideos,
  search: searchVideos,
  bySlug: videoBySlug,
  byId: videoById,
  count: countVideos,
} = videoReads;

/** Up to three other videos of the same category, newest first. */
export function relatedVideos(
  db: Db,
  video: Pick<VideoRow, "id" | "category">,
  limit = RELATED_VIDEOS,
): Promise<VideoRow[]> {
  return videoReads.newest(db, and(eq(videos.category, video.category), ne(videos.id, video.id)), limit);
}
