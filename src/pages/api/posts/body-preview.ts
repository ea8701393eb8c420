import { defineRoute } from "@/lib/define-route.server";
import { bodyMedia } from "@/modules/embeds/body-media.server";
import { postIdPrefix } from "@/lib/markdown/render-body";
import { bodyPreview, UNSAVED_ID_PREFIX } from "@/modules/posts/body-preview";
import { bodyPreviewInputSchema } from "@/modules/posts/body-preview-schema";

/**
 * The post editor's preview: the Markdown being written, drawn by the server exactly as the
 * post's page draws it, so what the owner sees is what visitors will. Changes nothing. The
 * body is read up to the route's default limit, as a post's save is.
 */
export const POST = defineRoute({
  access: "admin",
  body: bodyPreviewInputSchema,
  run: async ({ body: { content, postId }, db }) => {
    const idPrefix = postId === undefined ? UNSAVED_ID_PREFIX : postIdPrefix(postId);
    const { media } = await bodyMedia(db, { content, format: "markdown" });
    return bodyPreview(content, { idPrefix, medium: "page", media });
  },
});
