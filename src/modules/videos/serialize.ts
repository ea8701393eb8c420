import type { ListView } from "@/lib/paging";
import { withSnippet } from "@/modules/search/snippet";
import { toVideoCard } from "./card";
import type { VideoCardData } from "./components/VideoCard";
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

/** How a listing sends each video: whole, or only what its card shows. */
export const serializeListedVideo =
  (view: ListView) =>
  (video: VideoRow): VideoJson | VideoCardData =>
    view === "card" ? toVideoCard(serializeVideo(video)) : serializeVideo(video);

/** How a search lists each video: as a listing does, with a snippet of where `term` was found. */
export const serializeSearchedVideo = (view: ListView, term: string) => {
  const listed = serializeListedVideo(view);
  return (video: VideoRow) => withSnippet(listed(video), [video.description], term);
};

/** A video's card on a listing page; with a search term, it carries the snippet of where it was found. */
export const searchedVideoCard =
  (term = "") =>
  (video: VideoRow): VideoCardData =>
    withSnippet(toVideoCard(serializeVideo(video)), [video.description], term);

export type VideoJson = ReturnType<typeof serializeVideo>;
