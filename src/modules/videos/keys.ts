import { listingApiPath, type ListingState } from "@/lib/listing-state";

/** Where videos are listed and created; each is written at `${VIDEOS_ENDPOINT}/{id}`. */
export const VIDEOS_ENDPOINT = "/api/videos";

/** The API path that lists one page of video cards for a listing state. */
export const videosKey = (state: ListingState): string => listingApiPath(VIDEOS_ENDPOINT, state);
