import { itemDocument, type ItemFields } from "@/modules/editorial/item-document";
import type { Publication } from "@/modules/editorial/publication";
import type { VideoRow } from "./videos.server";

/** A video as a revision keeps it: its fields and where it stood. */
export function videoDocument(
  video: ItemFields &
    Pick<VideoRow, "description" | "videoUrl" | "thumbnailUrl" | "duration"> & { captionsUrl?: string | null } & Pick<
      Publication,
      "status" | "publishedAt"
    >,
) {
  return {
    ...itemDocument(video),
    description: video.description,
    videoUrl: video.videoUrl,
    thumbnailUrl: video.thumbnailUrl,
    captionsUrl: video.captionsUrl ?? null,
    duration: video.duration,
  };
}
