import type { ListView } from "@/lib/paging";
import { withSnippet, type Snippet } from "@/lib/snippet";
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

/** How a listing sends each post: whole, or only what its card shows (no body). */
export const serializeListedPost =
  (view: ListView) =>
  (post: PostRow): PostJson | PostCardData =>
    view === "card" ? toPostCard(serializePost(post)) : serializePost(post);

/** Where a post's search snippet is looked for: the excerpt, which its card shows anyway, then the body. */
const snippetTexts = (post: PostRow) => [post.excerpt, post.content];

/** How a search lists each post: as a listing does, with a snippet of where `term` was found. */
export const serializeSearchedPost = (view: ListView, term: string) => {
  const listed = serializeListedPost(view);
  return (post: PostRow) => withSnippet(listed(post), snippetTexts(post), term);
};

/** A post's card on a listing page; with a search term, it carries the snippet of where it was found. */
export const searchedPostCard =
  (term = "") =>
  (post: PostRow): PostCardData =>
    withSnippet(toPostCard(serializePost(post)), snippetTexts(post), term);
