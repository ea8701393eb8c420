import type { ListingConfig } from "@/components/ListingBrowser";

/** What one kind's public listing says of itself; how it tells it found nothing follows from its name. */
export type ItemListingSpec<T> = Omit<ListingConfig<T>, "idOf" | "empty"> & {
  /** What the listing calls its items: "posts", "videos". */
  noun: string;
  /** What it says when there is nothing at all to list. */
  nothing: string;
};

/** A public listing of posts or videos (the archive, the videos page), in the shared listing browser. */
export function itemListing<T extends { id: number }>({
  noun,
  nothing,
  ...config
}: ItemListingSpec<T>): ListingConfig<T> {
  return {
    ...config,
    idOf: (item) => item.id,
    empty: ({ search, category }, failed) => {
      if (failed) return "Search failed";
      if (search) return `No ${noun} found for "${search}"`;
      if (category) return `No ${noun} found in "${category}" category`;
      return nothing;
    },
  };
}
