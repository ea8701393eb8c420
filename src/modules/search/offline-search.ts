import type { ListingState } from "@/lib/listing-state";
import { offsetOf, PAGE_SIZE, type Page } from "@/lib/paging";
import type { PostCardData } from "@/modules/posts/card";
import type { VideoCardData } from "@/modules/videos/card";
import { pagefindMoment, type PagefindAnchor } from "./pagefind-moment";
import type { SearchKind } from "./search-records";
import type { Snippet } from "../../lib/snippet";

// The parts of Pagefind's browser API used here (pagefind.app/docs/api).
interface PagefindResult {
  data: () => Promise<{
    meta: Record<string, string | undefined>;
    excerpt: string;
    /** Where each element with an id starts, as word positions (see pagefind-page.ts). */
    anchors: PagefindAnchor[];
    /** The positions of the words that matched. */
    locations: number[];
  }>;
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
 * The page of cards Pagefind's index finds for a listing state, for when the search API
 * cannot answer: best matches for a search, newest first for a category or everything.
 * Pagefind lists every match at once; only the page's own are loaded. The index carries
 * each page's card, so no other request is made.
 */
async function offlineCards(kind: SearchKind, { search, category, page }: ListingState): Promise<Page<unknown>> {
  const api = await pagefind();
  const filters: Record<string, string> = { kind };
  if (!search && category) filters.category = category;
  const found = await api.search(search || null, search ? { filters } : { filters, sort: { published: "desc" } });
  const all = found?.results ?? [];
  const start = offsetOf({ page, limit: PAGE_SIZE });
  const results = await Promise.all(all.slice(start, start + PAGE_SIZE).map((result) => result.data()));
  const items = results.flatMap(({ meta, excerpt, anchors, locations }) => {
    try {
      if (!meta.card) return [];
      const card = JSON.parse(meta.card) as object;
      if (!search) return [card];
      // Where a video says the words, as the API's result says it, from the lines' anchors.
      const moment = pagefindMoment(anchors, locations);
      const snippet = snippetFromExcerpt(excerpt);
      return [{ ...card, ...(snippet && { snippet }), ...(moment && { moment }) }];
    } catch {
      return [];
    }
  });
  return { items, total: all.length };
}

/**
 * Pagefind's excerpt (text around the match, escaped, matches in `<mark>`) as a snippet like
 * the API's. Read by the browser's parser into an inert document, so nothing in it runs.
 */
function snippetFromExcerpt(excerpt: string): Snippet | null {
  const body = new DOMParser().parseFromString(excerpt, "text/html").body;
  const parts = [...body.childNodes].map((node) => ({ text: node.textContent ?? "", match: node.nodeName === "MARK" }));
  return parts.some((part) => part.match) ? parts : null;
}

// The index is the site's own, built from the same cards the API sends.
export const offlinePosts = (state: ListingState) => offlineCards("post", state) as Promise<Page<PostCardData>>;
export const offlineVideos = (state: ListingState) => offlineCards("video", state) as Promise<Page<VideoCardData>>;
