import type { ListView } from "@/lib/paging";
import { withSnippet, type Snippet } from "@/lib/snippet";
import { serializeVideo, type VideoJson } from "./serialize";
import type { VideoRow } from "./videos.server";

/** What a video card shows; a search result also carries a snippet of where the term was found. */
export type VideoCardData = Pick<
  VideoJson,
  "id" | "slug" | "title" | "thumbnailUrl" | "duration" | "category" | "mehRating" | "publishedAt"
> & { snippet?: Snippet };

/** Cut a video down to what its card shows. */
export function toVideoCard(video: VideoJson): VideoCardData {
  const { id, slug, title, thumbnailUrl, duration, category, mehRating, publishedAt } = video;
  return { id, slug, title, thumbnailUrl, duration, category, mehRating, publishedAt };
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
