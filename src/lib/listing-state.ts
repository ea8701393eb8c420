import { useCallback, useEffect, useState } from "react";
import { isCategory, type Category } from "./categories";

/** What a listing page shows: a search, or a category, or everything (SPEC §4). */
export interface ListingState {
  search: string;
  category: Category | undefined;
}

/** Read a listing's state from a query string; a search wins over a category. */
export function readListingState(params: URLSearchParams): ListingState {
  const search = (params.get("search") ?? "").trim().slice(0, 200);
  const category = params.get("category") ?? "";
  return { search, category: !search && isCategory(category) ? category : undefined };
}

/** The query string of a listing state. */
export function listingQuery({ search, category }: ListingState): string {
  if (search) return `?search=${encodeURIComponent(search)}`;
  if (category) return `?category=${encodeURIComponent(category)}`;
  return "";
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
