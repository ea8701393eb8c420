import type { AstroGlobal } from "astro";
import { listingPlace, type ListingState } from "@/lib/listing-state";
import type { ContentTag } from "./content-tags";
import { cachePage, keepPrivate } from "./page-cache";

/**
 * How a public listing page answers once it has read its `total`: a 404 past its last page,
 * and a search's page kept private where any other is kept under `tags` until what it
 * lists changes. What it returns is the head's part (`BaseLayout`'s props): its own address,
 * its neighbours, and no indexing past the end.
 */
export function answerListing(
  astro: { cache: AstroGlobal["cache"] | undefined; response: { status?: number; headers: Headers } },
  base: string,
  state: ListingState,
  total: number,
  tags: ContentTag[],
) {
  const { pastTheEnd, ...place } = listingPlace(base, state, total);
  if (pastTheEnd) astro.response.status = 404;
  if (state.search) keepPrivate(astro);
  else cachePage(astro, tags);
  return { ...place, noindex: pastTheEnd };
}
