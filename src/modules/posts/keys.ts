import type { ListingState } from "@/lib/listing-state";

/**
 * The API path that lists posts for a listing state; it is also the React Query key's
 * first element, which the default read fetches.
 * @example postsKey({ search: "kettle", category: undefined }) // "/api/posts/search?q=kettle"
 */
export function postsKey({ search, category }: ListingState): string {
  if (search) return `/api/posts/search?q=${encodeURIComponent(search)}`;
  if (category) return `/api/posts?category=${encodeURIComponent(category)}`;
  return "/api/posts";
}

/** A post's gallery (`GET /api/posts/{id}/images`), and its React Query key's first element. */
export const postImagesKey = (postId: number): string => `/api/posts/${postId}/images`;
