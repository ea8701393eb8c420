import { z } from "zod";
import { integer, ITEM_READ_ONLY, itemFields, optionalText, text } from "@/lib/form-fields";
import { mediaUrl } from "@/modules/uploads/media-url";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { acceptingReadOnly } from "@/lib/read-only-fields";
import { checkPublication, publicationFields } from "@/modules/editorial/publication";

/** One additional image of a post, as the form sends it; its place in the list is its order. */
export const postImageInputSchema = z.strictObject({
  imageUrl: mediaUrl("image"),
  /** What the image shows: its alt text. */
  description: optionalText(500),
  /** Words shown under the image, if any. */
  caption: optionalText(300),
  displayOrder: z.number().int().min(0).max(1000).optional(),
});

/** The most additional images a post may have. */
export const MAX_GALLERY_IMAGES = 20;

/**
 * A post as the form sends it (SPEC §3 creation payload), with where it stands (status, and
 * a scheduled post's time). `id` is never taken from the client; `slug` and `readTime` may
 * be sent but the server derives both. The rest of an admin's GET is accepted and ignored
 * (`ITEM_READ_ONLY`); any other key is refused, naming it.
 */
export const postInputSchema = acceptingReadOnly(
  ITEM_READ_ONLY,
  z
    .strictObject({
      ...itemFields,
      ...publicationFields,
      excerpt: text().trim().min(1, "Excerpt is required").max(500, "At most 500 characters"),
      content: text().trim().min(1, "Content is required").max(100_000, "At most 100,000 characters"),
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
    })
    .check((ctx) => {
      const issue = (path: string, message: string) =>
        ctx.issues.push({ code: "custom", path: [path], message, input: ctx.value });
      checkPublication(ctx.value, issue);
      const { imageUrl, imageAlt, imageDecorative } = ctx.value;
      if (imageDecorative === false && imageUrl !== PLACEHOLDER_IMAGE && !imageAlt) {
        issue("imageAlt", "Describe the cover image, or mark it decorative");
      }
    }),
);

export type PostInput = z.input<typeof postInputSchema>;
export type PostData = z.output<typeof postInputSchema>;
export type PostImageInput = z.output<typeof postImageInputSchema>;
