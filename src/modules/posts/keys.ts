import { listingApiPath, type ListingState } from "@/lib/listing-state";

/** Where posts are listed and created; each is written at `${POSTS_ENDPOINT}/{id}`. */
export const POSTS_ENDPOINT = "/api/posts";

/** The API path that lists one page of post cards for a listing state. */
export const postsKey = (state: ListingState): string => listingApiPath(POSTS_ENDPOINT, state);

/** A post's gallery (`GET /api/posts/{id}/images`), and its React Query key's first element. */
export const postImagesKey = (postId: number): string => `${POSTS_ENDPOINT}/${postId}/images`;
