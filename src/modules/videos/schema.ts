import { z } from "zod";
import { itemFields, text } from "@/lib/form-fields";
import { mediaUrl } from "@/modules/uploads/media-url";

/**
 * A video as the manager sends it. `id` and `publishedAt` are never taken from the client;
 * `slug` may be sent but the server derives it from the title. The duration is whole
 * seconds, read from the file by the manager when it can.
 */
export const videoInputSchema = z.strictObject({
  ...itemFields,
  description: text().trim().min(1, "Description is required").max(20_000, "At most 20,000 characters"),
  videoUrl: mediaUrl("video"),
  thumbnailUrl: mediaUrl("image"),
  duration: z.coerce
    .number()
    .int("Whole seconds")
    .min(0)
    .max(24 * 3600, "At most a day"),
});

export type VideoInput = z.input<typeof videoInputSchema>;
export type VideoData = z.output<typeof videoInputSchema>;
