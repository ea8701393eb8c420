import { and, count, desc, eq, getTableColumns, inArray, ne } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import type { Category } from "@/lib/categories";
import { FIRST_PAGE, offsetOf, type Page, type PageRequest } from "@/lib/paging";
import { rankedSearch } from "@/lib/full-text.server";
import { isPublic, withStatus, type StatusFilter } from "@/modules/editorial/visibility.server";

const { videos } = tables;
/** What a visitor may read: every read here but the admin's keeps to it. */
const published = isPublic(videos);
/** Every column but the search document. */
export const { search: _search, ...videoColumns } = getTableColumns(videos);

export type VideoRow = Omit<typeof videos.$inferSelect, "search">;

/** Home shows three videos, and a video page up to three related ones (SPEC §9). */
export const RECENT_VIDEOS = 3;
export const RELATED_VIDEOS = 3;

/** All published videos, newest first, optionally of one category: for what must see them all (the search index). */
export function listVideos(db: Db, filter: { category?: Category } = {}): Promise<VideoRow[]> {
  return db
    .select(videoColumns)
    .from(videos)
    .where(and(published, filter.category ? eq(videos.category, filter.category) : undefined))
    .orderBy(desc(videos.publishedAt), desc(videos.id));
}

/**
 * One page of the videos, newest first, optionally of one category, and how many there are
 * in all: the published ones unless an admin asks for another `status`.
 */
export async function listVideosPage(
  db: Db,
  filter: { category?: Category; status?: StatusFilter } = {},
  page: PageRequest = FIRST_PAGE,
): Promise<Page<VideoRow>> {
  const where = and(
    withStatus(videos, filter.status ?? "published"),
    filter.category ? eq(videos.category, filter.category) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(videoColumns)
      .from(videos)
      .where(where)
      .orderBy(desc(videos.publishedAt), desc(videos.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(videos).where(where),
  ]);
  return { items: rows, total: counted?.n ?? 0 };
}

/** The newest videos. */
export function recentVideos(db: Db, limit = RECENT_VIDEOS): Promise<VideoRow[]> {
  return db
    .select(videoColumns)
    .from(videos)
    .where(published)
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(limit);
}

/** One page of the videos matching a search term, best first, and how many match; a blank term finds nothing. */
export function searchVideos(db: Db, term: string, page: PageRequest = FIRST_PAGE): Promise<Page<VideoRow>> {
  return rankedSearch(db, { table: videos, rankBy: videos.search, visible: published }, term, page, (ids) =>
    db.select(videoColumns).from(videos).where(inArray(videos.id, ids)),
  );
}

/** One published video by its slug, or null; with `anyStatus` (an admin's read), a draft or scheduled one too. */
export async function videoBySlug(db: Db, slug: string, { anyStatus = false } = {}): Promise<VideoRow | null> {
  const [row] = await db
    .select(videoColumns)
    .from(videos)
    .where(and(eq(videos.slug, slug), anyStatus ? undefined : published))
    .limit(1);
  return row ?? null;
}

/** One video by id whatever its status, for the owner's eyes or a preview link; null when there is none. */
export async function videoById(db: Db, id: number): Promise<VideoRow | null> {
  const [row] = await db.select(videoColumns).from(videos).where(eq(videos.id, id)).limit(1);
  return row ?? null;
}

/** Up to three other videos of the same category, newest first. */
export function relatedVideos(
  db: Db,
  video: Pick<VideoRow, "id" | "category">,
  limit = RELATED_VIDEOS,
): Promise<VideoRow[]> {
  return db
    .select(videoColumns)
    .from(videos)
    .where(and(published, eq(videos.category, video.category), ne(videos.id, video.id)))
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(limit);
}

/** How many videos visitors can watch. */
export async function countVideos(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(videos).where(published);
  return row?.n ?? 0;
}
