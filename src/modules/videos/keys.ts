import type { ListingState } from "@/lib/listing-state";

/**
 * The API path that lists videos for a listing state, and the React Query key's first element.
 * @example videosKey({ search: "", category: "Meh Moments" }) // "/api/videos?category=Meh%20Moments"
 */
export function videosKey({ search, category }: ListingState): string {
  if (search) return `/api/videos/search?q=${encodeURIComponent(search)}`;
  if (category) return `/api/videos?category=${encodeURIComponent(category)}`;
  return "/api/videos";
}
