import type { ListView } from "@/lib/paging";
import { withSnippet } from "@/modules/search/snippet";
import { toPostCard, type PostCardData } from "./card";
import type { PostImageRow, PostRow } from "./posts.server";

/** A post as the API sends it: SPEC §3's fields, nothing else. */
export function serializePost(post: PostRow) {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    imageUrl: post.imageUrl,
    category: post.category,
    mehRating: post.mehRating,
    existentialEcho: post.existentialEcho,
    soundtrackPotential: post.soundtrackPotential,
    emotionalTexture: post.emotionalTexture,
    readTime: post.readTime,
    publishedAt: post.publishedAt.toISOString(),
    featured: post.featured,
  };
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

/** A gallery image as the API sends it. */
export function serializePostImage(image: PostImageRow) {
  return {
    id: image.id,
    postId: image.postId,
    imageUrl: image.imageUrl,
    description: image.description,
    displayOrder: image.displayOrder,
    createdAt: image.createdAt.toISOString(),
  };
}

export type PostJson = ReturnType<typeof serializePost>;
export type PostImageJson = ReturnType<typeof serializePostImage>;
