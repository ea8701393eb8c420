import { and, count, desc, eq, getTableColumns, ne } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import type { Category } from "@/lib/categories";
import { fullTextMatch } from "@/modules/search/full-text.server";

const { videos } = tables;
/** Every column but the search document. */
export const { search: _search, ...videoColumns } = getTableColumns(videos);

export type VideoRow = Omit<typeof videos.$inferSelect, "search">;

/** Home shows three videos, and a video page up to three related ones (SPEC §9). */
export const RECENT_VIDEOS = 3;
export const RELATED_VIDEOS = 3;
const SEARCH_LIMIT = 50;

/** All videos, newest first, optionally of one category. */
export function listVideos(db: Db, filter: { category?: Category } = {}): Promise<VideoRow[]> {
  return db
    .select(videoColumns)
    .from(videos)
    .where(filter.category ? eq(videos.category, filter.category) : undefined)
    .orderBy(desc(videos.publishedAt), desc(videos.id));
}

/** The newest videos. */
export function recentVideos(db: Db, limit = RECENT_VIDEOS): Promise<VideoRow[]> {
  return db.select(videoColumns).from(videos).orderBy(desc(videos.publishedAt), desc(videos.id)).limit(limit);
}

/** Videos matching a search term, best first; a blank term finds nothing. */
export async function searchVideos(db: Db, term: string): Promise<VideoRow[]> {
  if (term.trim() === "") return [];
  const match = fullTextMatch(videos.search, videos.title, term);
  return db
    .select(videoColumns)
    .from(videos)
    .where(match.where)
    .orderBy(desc(match.rank), desc(videos.publishedAt))
    .limit(SEARCH_LIMIT);
}

/** One video by its slug, or null. */
export async function videoBySlug(db: Db, slug: string): Promise<VideoRow | null> {
  const [row] = await db.select(videoColumns).from(videos).where(eq(videos.slug, slug)).limit(1);
  return row ?? null;
}

/** Up to three other videos of the same category, newest first. */
export function relatedVideos(db: Db, video: VideoRow, limit = RELATED_VIDEOS): Promise<VideoRow[]> {
  return db
    .select(videoColumns)
    .from(videos)
    .where(and(eq(videos.category, video.category), ne(videos.id, video.id)))
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(limit);
}

/** How many videos there are. */
export async function countVideos(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(videos);
  return row?.n ?? 0;
}
