import { and, eq, getTableColumns, ne } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import type { Page, PageRequest } from "@/lib/paging";
import { itemReads } from "@/modules/items/item-reads.server";
import type { Moment } from "./moment";
import { momentsOf } from "./transcript-moments.server";

const { videos } = tables;
/** Every column but the search documents and the transcript, which only search reads (and it can be long). */
export const {
  search: _search,
  searchHead: _searchHead,
  transcript: _transcript,
  transcriptLines: _transcriptLines,
  ...videoColumns
} = getTableColumns(videos);

export type VideoRow = Omit<typeof videos.$inferSelect, "search" | "searchHead" | "transcript" | "transcriptLines">;

/** Home shows three videos, and a video page up to three related ones (SPEC §9). */
export const RECENT_VIDEOS = 3;
export const RELATED_VIDEOS = 3;

/** The shared reads, over videos; a search ranks by the title and description, a transcript's matches after them. */
export const videoReads = itemReads<VideoRow>({
  table: videos,
  columns: videoColumns,
  rankBy: videos.searchHead,
  recent: RECENT_VIDEOS,
});

export const {
  list: listVideos,
  page: listVideosPage,
  recent: recentVideos,
  bySlug: videoBySlug,
  byId: videoById,
  count: countVideos,
} = videoReads;

/** A video a search found, with where its transcript says the words, when it does. */
export type SearchedVideoRow = VideoRow & { moment?: Moment };

/**
 * One page of the videos matching a search term, best first, and how many match; each whose
 * transcript says the term's words carries the first moment it does, for the result to link to.
 */
export async function searchVideos(db: Db, term: string, request?: PageRequest): Promise<Page<SearchedVideoRow>> {
  const found = await videoReads.search(db, term, request);
  const moments = await momentsOf(
    db,
    found.items.map((video) => video.id),
    term,
  );
  return { ...found, items: found.items.map((video) => ({ ...video, moment: moments.get(video.id) })) };
}

/** Up to three other videos of the same category, newest first. */
export function relatedVideos(
  db: Db,
  video: Pick<VideoRow, "id" | "category">,
  limit = RELATED_VIDEOS,
): Promise<VideoRow[]> {
  return videoReads.newest(db, and(eq(videos.category, video.category), ne(videos.id, video.id)), limit);
}
