import { publicationJson } from "@/modules/editorial/publication";
import type { VideoRow } from "./videos.server";

/** A video as the API sends it: SPEC §3's fields, nothing else. */
export function serializeVideo(video: VideoRow) {
  return {
    id: video.id,
    slug: video.slug,
    title: video.title,
    description: video.description,
    videoUrl: video.videoUrl,
    thumbnailUrl: video.thumbnailUrl,
    duration: video.duration,
    category: video.category,
    mehRating: video.mehRating,
    existentialEcho: video.existentialEcho,
    soundtrackPotential: video.soundtrackPotential,
    emotionalTexture: video.emotionalTexture,
    publishedAt: video.publishedAt.toISOString(),
    featured: video.featured,
  };
}

/** A video as an admin reads it: the spec's fields, and where it stands (status, publish date, lateness). */
export function serializeAdminVideo(video: VideoRow) {
  return { ...serializeVideo(video), captionsUrl: video.captionsUrl, ...publicationJson(video) };
}

export type VideoJson = ReturnType<typeof serializeVideo>;
export type AdminVideoJson = ReturnType<typeof serializeAdminVideo>;
