import { allowed } from "@/lib/allowlist";
import { itemDocument, type ItemFields } from "@/modules/editorial/item-document";
import type { Publication } from "@/modules/editorial/publication";
import type { VideoRow } from "./videos.server";

/** A video as a revision keeps it: its fields and where it stood. */
export function videoDocument(
  video: ItemFields &
    Pick<VideoRow, "description" | "videoUrl" | "thumbnailUrl" | "duration"> & {
      captionsUrl?: string | null;
      chaptersUrl?: string | null;
    } & Pick<Publication, "status" | "publishedAt">,
) {
  return {
    ...itemDocument(video),
    ...allowed(video, ["description", "videoUrl", "thumbnailUrl", "duration"]),
    captionsUrl: video.captionsUrl ?? null,
    chaptersUrl: video.chaptersUrl ?? null,
  };
}
