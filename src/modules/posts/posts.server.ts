import { and, asc, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { itemReads } from "@/modules/items/item-reads.server";

const { posts, postImages } = tables;
/** Every column but what search reads (the documents, the body's words): large, and never leaving the database. */
export const {
  search: _search,
  searchHead: _searchHead,
  contentText: _contentText,
  ...postColumns
} = getTableColumns(posts);

export type PostRow = Omit<typeof posts.$inferSelect, "search" | "searchHead" | "contentText">;
/** A post a search found: with the words its body shows (null for a plain post), where its snippet is looked for. */
export type SearchedPostRow = PostRow & Pick<typeof posts.$inferSelect, "contentText">;
export type PostImageRow = typeof postImages.$inferSelect;

/** How many posts "recent" means: one grid of the home page (SPEC §9 skeleton count). */
export const RECENT_POSTS = 6;

/** The shared reads, over posts. */
export const postReads = itemReads<PostRow, SearchedPostRow>({
  table: posts,
  columns: postColumns,
  foundColumns: { contentText: posts.contentText },
  rankBy: posts.searchHead,
  recent: RECENT_POSTS,
});

export const {
  list: listPosts,
  page: listPostsPage,
  recent: recentPosts,
  search: searchPosts,
  bySlug: postBySlug,
  byId: postById,
  count: countPosts,
} = postReads;

/** The newest featured post, or null when none is featured. */
export async function featuredPost(db: Db): Promise<PostRow | null> {
  const [row] = await postReads.newest(db, eq(posts.featured, true), 1);
  return row ?? null;
}

/** A post's gallery in display order, or null when there is no such post the reader may see. */
export async function postGallery(db: Db, postId: number, { anyStatus = false } = {}): Promise<PostImageRow[] | null> {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), anyStatus ? undefined : postReads.published))
    .limit(1);
  if (!post) return null;
  return db
    .select()
    .from(postImages)
    .where(eq(postImages.postId, postId))
    .orderBy(asc(postImages.displayOrder), asc(postImages.id));
}
