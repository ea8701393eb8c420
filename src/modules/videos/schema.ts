import { z } from "zod";
import { text } from "@/lib/form-fields";
import { mediaUrl } from "@/modules/uploads/media-url";
import { itemInputSchema, itemShape } from "@/modules/items/item-schema";

/**
 * A video as the manager sends it: an item's fields and its own. The duration is whole
 * seconds, read from the file by the manager when it can.
 */
export const videoInputSchema = itemInputSchema(
  z.strictObject({
    ...itemShape,
    description: text().trim().min(1, "Description is required").max(20_000, "At most 20,000 characters"),
    videoUrl: mediaUrl("video"),
    thumbnailUrl: mediaUrl("image"),
    // A WebVTT file uploaded beside the video; null takes it away, absent leaves it.
    captionsUrl: mediaUrl("captions").nullish(),
    // A WebVTT chapters track (a cue per chapter, its text the title), in the same way.
    chaptersUrl: mediaUrl("captions").nullish(),
    duration: z.coerce
      .number()
      .int("Whole seconds")
      .min(0)
      .max(24 * 3600, "At most a day"),
  }),
);

export type VideoInput = z.input<typeof videoInputSchema>;
export type VideoData = z.output<typeof videoInputSchema>;
