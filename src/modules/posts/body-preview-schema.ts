import { z } from "zod";
import { integer } from "@/lib/form-fields";
import { POSTS_ENDPOINT } from "./keys";
import { postContent } from "./schema";

/** Where the post editor asks for its preview. */
export const BODY_PREVIEW_ENDPOINT = `${POSTS_ENDPOINT}/body-preview`;

/**
 * The page the post editor's preview is drawn in: an empty post body wearing the site's
 * styles. Kept here, with what only the editor loads, rather than in `keys`, which the
 * public listings carry.
 */
export const BODY_PREVIEW_FRAME = "/admin/posts/body-preview";

/**
 * What the editor sends to be previewed: the Markdown as written, and the post's id once it
 * has one, so the preview's ids are the ones its page will have.
 */
export const bodyPreviewInputSchema = z.strictObject({
  content: postContent,
  postId: integer({ min: 1 }).optional(),
});

/** The body as the post's page draws it, with the words it counts and the minutes they take. */
export const bodyPreviewSchema = z.object({
  html: z.string(),
  words: z.number().int().min(0),
  readTime: z.number().int().min(1),
});
export type BodyPreview = z.output<typeof bodyPreviewSchema>;
