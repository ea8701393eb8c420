import type { Snippet } from "@/lib/snippet";
import { itemListings } from "@/modules/items/item-listings";
import type { PostRow } from "./posts.server";
import { serializePost, type PostJson } from "./serialize";

/**
 * What a post card shows: the list's post without its (long) content. A search result also
 * carries a snippet of where the term was found, shown in place of the excerpt.
 */
export type PostCardData = Pick<
  PostJson,
  "id" | "slug" | "title" | "excerpt" | "imageUrl" | "category" | "mehRating" | "readTime" | "publishedAt" | "featured"
> & { snippet?: Snippet };

/** Cut a post down to its card, so pages and islands carry no post bodies. */
export function toPostCard(post: PostJson): PostCardData {
  const { id, slug, title, excerpt, imageUrl, category, mehRating, readTime, publishedAt, featured } = post;
  return { id, slug, title, excerpt, imageUrl, category, mehRating, readTime, publishedAt, featured };
}

export const {
  listed: serializeListedPost,
  searched: serializeSearchedPost,
  card: searchedPostCard,
} = itemListings({
  serialize: serializePost,
  toCard: toPostCard,
  // The excerpt, which its card shows anyway, then the body.
  snippetTexts: (post: PostRow) => [post.excerpt, post.content],
});
