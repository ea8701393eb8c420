import { and, asc, count, desc, eq, getTableColumns, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import type { Category } from "@/lib/categories";
import { FIRST_PAGE, offsetOf, type Page, type PageRequest } from "@/lib/paging";
import { rankedSearch } from "@/lib/full-text.server";
import { isPublic, withStatus, type StatusFilter } from "@/modules/editorial/visibility.server";

const { posts, postImages } = tables;
/** What a visitor may read: every read here but the admin's keeps to it. */
const published = isPublic(posts);
/** Every column but the search document, which is large and never leaves the database. */
export const { search: _search, searchHead: _searchHead, ...postColumns } = getTableColumns(posts);

export type PostRow = Omit<typeof posts.$inferSelect, "search" | "searchHead">;
export type PostImageRow = typeof postImages.$inferSelect;

/** How many posts "recent" means: one grid of the home page (SPEC §9 skeleton count). */
export const RECENT_POSTS = 6;

/** All published posts, newest first, optionally of one category: for what must see them all (the search index). */
export function listPosts(db: Db, filter: { category?: Category } = {}): Promise<PostRow[]> {
  return db
    .select(postColumns)
    .from(posts)
    .where(and(published, filter.category ? eq(posts.category, filter.category) : undefined))
    .orderBy(desc(posts.publishedAt), desc(posts.id));
}

/**
 * One page of the posts, newest first, optionally of one category, and how many there are
 * in all: the published ones unless an admin asks for another `status`.
 */
export async function listPostsPage(
  db: Db,
  filter: { category?: Category; status?: StatusFilter } = {},
  page: PageRequest = FIRST_PAGE,
): Promise<Page<PostRow>> {
  const where = and(
    withStatus(posts, filter.status ?? "published"),
    filter.category ? eq(posts.category, filter.category) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(postColumns)
      .from(posts)
      .where(where)
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return { items: rows, total: counted?.n ?? 0 };
}

/** The newest featured post, or null when none is featured. */
export async function featuredPost(db: Db): Promise<PostRow | null> {
  const [row] = await db
    .select(postColumns)
    .from(posts)
    .where(and(published, eq(posts.featured, true)))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(1);
  return row ?? null;
}

/** The newest posts. */
export function recentPosts(db: Db, limit = RECENT_POSTS): Promise<PostRow[]> {
  return db
    .select(postColumns)
    .from(posts)
    .where(published)
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
}

/** One page of the posts matching a search term, best first, and how many match; a blank term finds nothing. */
export function searchPosts(db: Db, term: string, page: PageRequest = FIRST_PAGE): Promise<Page<PostRow>> {
  return rankedSearch(db, { table: posts, rankBy: posts.searchHead, visible: published }, term, page, (ids) =>
    db.select(postColumns).from(posts).where(inArray(posts.id, ids)),
  );
}

/** One published post by its slug, or null; with `anyStatus` (an admin's read), a draft or scheduled one too. */
export async function postBySlug(db: Db, slug: string, { anyStatus = false } = {}): Promise<PostRow | null> {
  const [row] = await db
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.slug, slug), anyStatus ? undefined : published))
    .limit(1);
  return row ?? null;
}

/** One post by id whatever its status, for the owner's eyes or a preview link; null when there is none. */
export async function postById(db: Db, id: number): Promise<PostRow | null> {
  const [row] = await db.select(postColumns).from(posts).where(eq(posts.id, id)).limit(1);
  return row ?? null;
}

/** A post's gallery in display order, or null when there is no such post the reader may see. */
export async function postGallery(db: Db, postId: number, { anyStatus = false } = {}): Promise<PostImageRow[] | null> {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), anyStatus ? undefined : published))
    .limit(1);
  if (!post) return null;
  return db
    .select()
    .from(postImages)
    .where(eq(postImages.postId, postId))
    .orderBy(asc(postImages.displayOrder), asc(postImages.id));
}

/** How many posts visitors can read. */
export async function countPosts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(posts).where(published);
  return row?.n ?? 0;
}
