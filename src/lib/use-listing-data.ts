import { useEffect, useRef, useState } from "react";
import { apiUnavailable, LISTING_API_TIMEOUT_MS } from "./api-unavailable";
import type { Page } from "./paging";

export interface ListingData<T> {
  /** The page shown, and the listing's total. */
  page: Page<T> | undefined;
  pending: boolean;
  error: Error | undefined;
  /** Whether the items came from the offline index because the API could not answer. */
  offline: boolean;
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * The page of items behind an API path, refetched when the path changes; a stale answer never
 * overwrites a newer one. When the API cannot answer (no network, a timeout, a 5xx) and an
 * `offline` source is given, its items are shown instead and marked so; they are not kept,
 * so the path is asked again next time. The public listings use this rather than React
 * Query: they make one kind of read, and React Query's 13 KB would break those pages'
 * 80 KB budget.
 */
export function useListingData<T>(
  key: string,
  load: (key: string, signal: AbortSignal) => Promise<Page<T>>,
  initial: { key: string; page: Page<T> },
  offline?: () => Promise<Page<T>>,
): ListingData<T> {
  const [data, setData] = useState<ListingData<T>>(
    key === initial.key
      ? { page: initial.page, pending: false, error: undefined, offline: false }
      : { page: undefined, pending: true, error: undefined, offline: false },
  );
  const loaded = useRef(new Map<string, Page<T>>([[initial.key, initial.page]]));
  // The fallback for the path being loaded: it changes with the path, which alone refetches.
  const fallback = useRef(offline);
  fallback.current = offline;

  useEffect(() => {
    const known = loaded.current.get(key);
    if (known) {
      setData({ page: known, pending: false, error: undefined, offline: false });
      return;
    }
    const controller = new AbortController();
    // A timer rather than AbortSignal.timeout, so the wait follows the page's clock.
    const late = new AbortController();
    const timer = setTimeout(() => {
      late.abort(new DOMException("The API did not answer in time", "TimeoutError"));
    }, LISTING_API_TIMEOUT_MS);
    const fail = (error: unknown) => {
      if (!controller.signal.aborted)
        setData({ page: undefined, pending: false, error: asError(error), offline: false });
    };
    setData({ page: undefined, pending: true, error: undefined, offline: false });
    const loading = load(key, AbortSignal.any([controller.signal, late.signal])).finally(() => {
      clearTimeout(timer);
    });
    loading.then(
      (page) => {
        loaded.current.set(key, page);
        setData({ page, pending: false, error: undefined, offline: false });
      },
      (error: unknown) => {
        const offlineItems = fallback.current;
        if (controller.signal.aborted) return;
        if (!offlineItems || !apiUnavailable(error)) {
          fail(error);
          return;
        }
        offlineItems().then(
          (page) => {
            if (!controller.signal.aborted) setData({ page, pending: false, error: undefined, offline: true });
          },
          () => {
            fail(error);
          },
        );
      },
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, load]);

  return data;
}
