import { itemListings } from "@/modules/items/item-listings";
import { serializeVideo } from "./serialize";
import type { VideoRow } from "./videos.server";

/** How listings, searches and listing pages send videos. */
export const videoListings = itemListings({
  serialize: serializeVideo,
  cardFields: ["id", "slug", "title", "thumbnailUrl", "duration", "category", "mehRating", "publishedAt"],
  snippetTexts: (video: VideoRow) => [video.description],
});

/** What a video card shows. */
export type VideoCardData = ReturnType<typeof videoListings.toCard>;

export const {
  toCard: toVideoCard,
  listed: serializeListedVideo,
  searched: serializeSearchedVideo,
  card: searchedVideoCard,
} = videoListings;
