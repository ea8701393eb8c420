import { z } from "zod";
import { ITEM_READ_ONLY, itemFields, text } from "@/lib/form-fields";
import { acceptingReadOnly } from "@/lib/read-only-fields";
import { mediaUrl } from "@/modules/uploads/media-url";
import { checkPublication, publicationFields } from "@/modules/editorial/publication";

/**
 * A video as the manager sends it, with where it stands (status, and a scheduled video's
 * time). `id` is never taken from the client; `slug` may be sent but the server derives it
 * from the title. The duration is whole seconds, read from the file by the manager when it
 * can. The rest of an admin's GET is accepted and ignored (`ITEM_READ_ONLY`); any other key
 * is refused, naming it.
 */
export const videoInputSchema = acceptingReadOnly(
  ITEM_READ_ONLY,
  z
    .strictObject({
      ...itemFields,
      ...publicationFields,
      description: text().trim().min(1, "Description is required").max(20_000, "At most 20,000 characters"),
      videoUrl: mediaUrl("video"),
      thumbnailUrl: mediaUrl("image"),
      // A WebVTT file uploaded beside the video; null takes it away, absent leaves it.
      captionsUrl: mediaUrl("captions").nullish(),
      duration: z.coerce
        .number()
        .int("Whole seconds")
        .min(0)
        .max(24 * 3600, "At most a day"),
    })
    .check((ctx) => {
      checkPublication(ctx.value, (path, message) =>
        ctx.issues.push({ code: "custom", path: [path], message, input: ctx.value }),
      );
    }),
);

export type VideoInput = z.input<typeof videoInputSchema>;
export type VideoData = z.output<typeof videoInputSchema>;
