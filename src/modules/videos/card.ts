import { itemListings } from "@/modules/items/item-listings";
import type { Moment } from "./moment";
import { serializeVideo, type VideoJson } from "./serialize";
import type { SearchedVideoRow, VideoRow } from "./videos.server";

/** A video as listings send it; a search's result also says where its transcript says the words, when it does. */
const listedVideo = (video: SearchedVideoRow): VideoJson & { moment?: Moment } => ({
  ...serializeVideo(video),
  moment: video.moment,
});

/** How listings, searches and listing pages send videos. */
export const videoListings = itemListings({
  serialize: listedVideo,
  cardFields: ["id", "slug", "title", "thumbnailUrl", "duration", "category", "mehRating", "publishedAt", "moment"],
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
