import { allowed } from "@/lib/allowlist";
import { itemDocument, type ItemFields } from "@/modules/editorial/item-document";
import type { Publication } from "@/modules/editorial/publication";
import type { PostRow } from "./posts.server";

/**
 * A post as a revision keeps it: its fields, its gallery in order, and where it stood. A
 * form's body may leave out `imageDecorative` (the spec's payload): that is not decorative.
 */
export function postDocument(
  post: ItemFields &
    Pick<PostRow, "excerpt" | "content" | "format" | "imageUrl" | "imageAlt"> &
    Partial<Pick<PostRow, "imageDecorative">> &
    Pick<Publication, "status" | "publishedAt">,
  gallery: readonly { imageUrl: string; description: string | null; caption: string | null }[],
) {
  return {
    ...itemDocument(post),
    ...allowed(post, ["excerpt", "content", "format", "imageUrl", "imageAlt"]),
    imageDecorative: post.imageDecorative ?? false,
    images: gallery.map(({ imageUrl, description, caption }) => ({ imageUrl, description, caption })),
  };
}
