import { itemListings } from "@/modules/items/item-listings";
import { bodyText } from "@/lib/markdown/render-body";
import type { PostRow, SearchedPostRow } from "./posts.server";
import { serializePost } from "./serialize";

/** How listings, searches and listing pages send posts. */
export const postListings = itemListings({
  serialize: serializePost,
  // The list's post without its (long) content.
  cardFields: [
    "id",
    "slug",
    "title",
    "excerpt",
    "imageUrl",
    "category",
    "mehRating",
    "readTime",
    "publishedAt",
    "featured",
  ],
  // The excerpt, which the card shows anyway, then the body's words; a search's snippet shows
  // in place of the excerpt. A search's rows carry the words as stored with the body: working
  // them out of the Markdown again took over 1 ms a card, 30 ms a page, most of a search.
  *snippetTexts(post: PostRow & Partial<Pick<SearchedPostRow, "contentText">>) {
    yield post.excerpt;
    yield post.contentText ?? bodyText(post);
  },
});

/** What a post card shows. */
export type PostCardData = ReturnType<typeof postListings.toCard>;

export const {
  toCard: toPostCard,
  listed: serializeListedPost,
  searched: serializeSearchedPost,
  card: searchedPostCard,
} = postListings;
