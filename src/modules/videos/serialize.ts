import { allowed } from "@/lib/allowlist";
import { publicationJson } from "@/modules/editorial/publication";
import { itemJson } from "@/modules/items/item-json";
import type { VideoRow } from "./videos.server";

/** A video as the API sends it: SPEC §3's fields, nothing else. */
export function serializeVideo(video: VideoRow) {
  return { ...itemJson(video), ...allowed(video, ["description", "videoUrl", "thumbnailUrl", "duration"]) };
}

/** A video as an admin reads it: the spec's fields, and where it stands (status, publish date, lateness). */
export function serializeAdminVideo(video: VideoRow) {
  return {
    ...serializeVideo(video),
    captionsUrl: video.captionsUrl,
    chaptersUrl: video.chaptersUrl,
    ...publicationJson(video),
  };
}

export type VideoJson = ReturnType<typeof serializeVideo>;
export type AdminVideoJson = ReturnType<typeof serializeAdminVideo>;
