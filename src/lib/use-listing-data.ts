import { useEffect, useRef, useState } from "react";

export interface ListingData<T> {
  items: T[] | undefined;
  pending: boolean;
  error: Error | undefined;
}

/**
 * The items behind an API path, refetched when the path changes; a stale answer never
 * overwrites a newer one. The public listings use this rather than React Query: they make
 * one kind of read, and React Query's 13 KB would break those pages' 80 KB budget.
 */
export function useListingData<T>(
  key: string,
  load: (key: string, signal: AbortSignal) => Promise<T[]>,
  initial: { key: string; items: T[] },
): ListingData<T> {
  const [data, setData] = useState<ListingData<T>>(
    key === initial.key
      ? { items: initial.items, pending: false, error: undefined }
      : { items: undefined, pending: true, error: undefined },
  );
  const loaded = useRef(new Map<string, T[]>([[initial.key, initial.items]]));

  useEffect(() => {
    const known = loaded.current.get(key);
    if (known) {
      setData({ items: known, pending: false, error: undefined });
      return;
    }
    const controller = new AbortController();
    setData({ items: undefined, pending: true, error: undefined });
    load(key, controller.signal).then(
      (items) => {
        loaded.current.set(key, items);
        setData({ items, pending: false, error: undefined });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setData({ items: undefined, pending: false, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => {
      controller.abort();
    };
  }, [key, load]);

  return data;
}
