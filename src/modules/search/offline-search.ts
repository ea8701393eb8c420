import type { ListingState } from "@/lib/listing-state";
import type { PostCardData } from "@/modules/posts/card";
import type { VideoCardData } from "@/modules/videos/components/VideoCard";
import type { SearchKind } from "./search-records";

// The parts of Pagefind's browser API used here (pagefind.app/docs/api).
interface PagefindResult {
  data: () => Promise<{ meta: Record<string, string | undefined> }>;
}
interface PagefindApi {
  options: (options: { basePath: string }) => Promise<void>;
  search: (
    term: string | null,
    options: { filters: Record<string, string>; sort?: Record<string, "asc" | "desc"> },
  ) => Promise<{ results: PagefindResult[] } | null>;
}

/** Where the server serves the index (src/modules/search). */
const BUNDLE = "/pagefind/";
/** As many cards as the API's search answers with. */
const MAX_RESULTS = 50;

let loading: Promise<PagefindApi> | undefined;

/** Pagefind's library, loaded from the server on first need; a failed load is tried again next time. */
function pagefind(): Promise<PagefindApi> {
  loading ??= (import(/* @vite-ignore */ `${BUNDLE}pagefind.js`) as Promise<PagefindApi>).then(async (api) => {
    await api.options({ basePath: BUNDLE });
    return api;
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * The cards Pagefind's index finds for a listing state, for when the search API cannot
 * answer: best matches for a search, newest first for a category or everything. The index
 * carries each page's card, so no other request is made.
 */
async function offlineCards(kind: SearchKind, { search, category }: ListingState): Promise<unknown[]> {
  const api = await pagefind();
  const filters: Record<string, string> = { kind };
  if (!search && category) filters.category = category;
  const found = await api.search(search || null, search ? { filters } : { filters, sort: { published: "desc" } });
  const results = await Promise.all((found?.results ?? []).slice(0, MAX_RESULTS).map((result) => result.data()));
  return results.flatMap(({ meta }) => {
    try {
      return meta.card ? [JSON.parse(meta.card) as unknown] : [];
    } catch {
      return [];
    }
  });
}

// The index is the site's own, built from the same cards the API sends.
export const offlinePosts = (state: ListingState) => offlineCards("post", state) as Promise<PostCardData[]>;
export const offlineVideos = (state: ListingState) => offlineCards("video", state) as Promise<VideoCardData[]>;
