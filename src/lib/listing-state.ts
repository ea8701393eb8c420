import { useCallback, useEffect, useState } from "react";
import { isCategory, type Category } from "./categories";
import { pageCount, readPageNumber } from "./paging";
import { readSearchTerm } from "./search-term";

/** What a listing page shows: a search, or a category, or everything (SPEC §4), one page of it. */
export interface ListingState {
  search: string;
  category: Category | undefined;
  /** 1-based; a new search or category starts again at 1. */
  page: number;
}

/** Read a listing's state from a query string; a search wins over a category. */
export function readListingState(params: URLSearchParams): ListingState {
  const search = readSearchTerm(params.get("search") ?? "");
  const category = params.get("category") ?? "";
  return {
    search,
    category: !search && isCategory(category) ? category : undefined,
    page: readPageNumber(params.get("page")),
  };
}

/**
 * The query string of a listing state; the first page has no `page`, so it keeps the one
 * address it always had.
 * @example listingQuery({ search: "", category: "Meh Moments", page: 2 }) // "?category=Meh%20Moments&page=2"
 */
export function listingQuery(state: ListingState): string {
  const query = stateQuery(state, "search");
  return query ? `?${query}` : "";
}

/**
 * A listing's state kept in the address bar: each change pushes a history entry, and
 * Back and Forward restore it.
 */
export function useListingState(initial: ListingState): [ListingState, (next: ListingState) => void] {
  const [state, setState] = useState(initial);
  useEffect(() => {
    const restore = () => {
      setState(readListingState(new URLSearchParams(window.location.search)));
    };
    window.addEventListener("popstate", restore);
    return () => {
      window.removeEventListener("popstate", restore);
    };
  }, []);
  const navigate = useCallback((next: ListingState) => {
    setState(next);
    window.history.pushState(null, "", `${window.location.pathname}${listingQuery(next)}`);
  }, []);
  return [state, navigate];
}

/**
 * The API path that lists one page of cards for a listing state: `{endpoint}/search?q=` for
 * a search, `{endpoint}?category=` for a category, always `view=card`.
 * @example listingApiPath("/api/posts", { search: "kettle", category: undefined, page: 2 }) // "/api/posts/search?q=kettle&page=2&view=card"
 */
export function listingApiPath(endpoint: string, state: ListingState): string {
  return `${endpoint}${state.search ? "/search" : ""}?${stateQuery(state, "q", { view: "card" })}`;
}

/**
 * A listing state as query parameters, the search under `searchName`; spaces as `%20`,
 * as `encodeURIComponent` writes them, so addresses read the same as before paging.
 */
function stateQuery(
  { search, category, page }: ListingState,
  searchName: string,
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  if (search) params.set(searchName, search);
  else if (category) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.toString().replaceAll("+", "%20");
}

/**
 * A listing page's place among its pages, for its head: its own address (category and page
 * kept, so each page is its own canonical), its neighbours, and whether it is past the last.
 */
export function listingPlace(base: string, state: ListingState, total: number) {
  const pages = pageCount(total);
  const at = (page: number) => `${base}${listingQuery({ ...state, page })}`;
  return {
    canonicalQuery: listingQuery(state),
    prev: state.page > 1 && state.page <= pages ? at(state.page - 1) : undefined,
    next: state.page < pages ? at(state.page + 1) : undefined,
    pastTheEnd: state.page > pages,
  };
}
