import { z } from "zod";
import { itemFields, text } from "@/lib/form-fields";
import { acceptingReadOnly } from "@/lib/read-only-fields";
import { mediaUrl } from "@/modules/uploads/media-url";
import { checkPublication, publicationFields } from "@/modules/editorial/publication";

/**
 * What an admin's GET of a video carries that no write takes: the id (the URL names the
 * video) and how late a start published it. Accepted and ignored, so that representation
 * sent back with a change saves; `slug` (derived), and `publishedAt` beside any status but a
 * schedule, are taken and ignored by the schema itself.
 */
export const VIDEO_READ_ONLY = ["id", "lateSeconds"] as const;

/**
 * A video as the manager sends it, with where it stands (status, and a scheduled video's
 * time). `id` is never taken from the client; `slug` may be sent but the server derives it
 * from the title. The duration is whole seconds, read from the file by the manager when it
 * can. Any other key is refused, naming it.
 */
export const videoInputSchema = acceptingReadOnly(
  VIDEO_READ_ONLY,
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
