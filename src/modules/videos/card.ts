import type { Snippet } from "@/lib/snippet";
import { itemListings } from "@/modules/items/item-listings";
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

export const {
  listed: serializeListedVideo,
  searched: serializeSearchedVideo,
  card: searchedVideoCard,
} = itemListings({
  serialize: serializeVideo,
  toCard: toVideoCard,
  snippetTexts: (video: VideoRow) => [video.description],
});
