import { z } from "zod";
import { BODY_FORMATS } from "../../../db/body-formats.ts";
import { integer, optionalText, text } from "@/lib/form-fields";
import { mediaUrl } from "@/modules/uploads/media-url";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { itemInputSchema, itemShape } from "@/modules/items/item-schema";

/** One additional image of a post, as the form sends it; its place in the list is its order. */
export const postImageInputSchema = z.strictObject({
  imageUrl: mediaUrl("image"),
  /** What the image shows: its alt text. */
  description: optionalText(500),
  /** Words shown under the image, if any. */
  caption: optionalText(300),
  displayOrder: z.number().int().min(0).max(1000).optional(),
});

/** A post's body as its owner writes it: what the form's Content field holds, and its preview is drawn from. */
export const postContent = text().trim().max(100_000, "At most 100,000 characters");

/** The most additional images a post may have. */
export const MAX_GALLERY_IMAGES = 20;

/**
 * A post as the form sends it (SPEC §3 creation payload): an item's fields and its own.
 * `readTime` may be sent but the server derives it, as it does the slug.
 */
export const postInputSchema = itemInputSchema(
  z.strictObject({
    ...itemShape,
    excerpt: text().trim().min(1, "Excerpt is required").max(500, "At most 500 characters"),
    content: postContent.min(1, "Content is required"),
    // How `content` is written. The admin's form sends `markdown`; a body without it (the
    // spec's payload) is plain text, a paragraph per line, as the spec promises, unless an
    // update puts back the body the post already has (`updatePost`).
    format: z.enum(BODY_FORMATS).optional(),
    imageUrl: mediaUrl("image")
      .optional()
      .transform((value) => value || PLACEHOLDER_IMAGE),
    imageAlt: optionalText(300),
    // Sent by the form, always; a body without it (the spec's payload) is taken as before.
    imageDecorative: z.boolean().optional(),
    readTime: integer({ min: 1 }).optional(),
    images: z
      .array(postImageInputSchema)
      .max(MAX_GALLERY_IMAGES, `At most ${String(MAX_GALLERY_IMAGES)} additional images`)
      .optional(),
  }),
  ({ imageUrl, imageAlt, imageDecorative }, issue) => {
    if (imageDecorative === false && imageUrl !== PLACEHOLDER_IMAGE && !imageAlt) {
      issue("imageAlt", "Describe the cover image, or mark it decorative");
    }
  },
);

export type PostInput = z.input<typeof postInputSchema>;
export type PostData = z.output<typeof postInputSchema>;
export type PostImageInput = z.output<typeof postImageInputSchema>;
