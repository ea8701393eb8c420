import type { Snippet } from "@/modules/search/snippet";
import type { PostJson } from "./serialize";

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
