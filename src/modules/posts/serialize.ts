import { allowed } from "@/lib/allowlist";
import { publicationJson } from "@/modules/editorial/publication";
import { itemJson } from "@/modules/items/item-json";
import type { PostImageRow, PostRow } from "./posts.server";

/** A post as the API sends it: SPEC §3's fields, nothing else. */
export function serializePost(post: PostRow) {
  return { ...itemJson(post), ...allowed(post, ["excerpt", "content", "imageUrl", "readTime"]) };
}

/** A post as an admin reads it: the spec's fields, how its content is written, the cover's words, and where it stands (status, publish date, lateness). */
export function serializeAdminPost(post: PostRow) {
  return {
    ...serializePost(post),
    format: post.format,
    imageAlt: post.imageAlt,
    imageDecorative: post.imageDecorative,
    ...publicationJson(post),
  };
}

/** A gallery image as the API sends it. */
export function serializePostImage(image: PostImageRow) {
  return {
    id: image.id,
    postId: image.postId,
    imageUrl: image.imageUrl,
    description: image.description,
    caption: image.caption,
    displayOrder: image.displayOrder,
    createdAt: image.createdAt.toISOString(),
  };
}

export type PostJson = ReturnType<typeof serializePost>;
export type AdminPostJson = ReturnType<typeof serializeAdminPost>;
export type PostImageJson = ReturnType<typeof serializePostImage>;
