import { z } from "zod";
import { text } from "@/lib/form-fields";
import { pageKey } from "./page-key";

/** What the page store holds for an address, as `GET /api/pages/cache-state` tells the admin. */
export type CacheState = "fresh" | "stale" | "absent";

export const cacheStateQuery = z.object({
  path: text({ singleLine: true })
    .max(2048, "At most 2048 characters")
    .regex(/^\/(?![/\\])/, "A path on this site, starting with /"),
});

/**
 * Whether a page is answered from the store. Only the admin may ask: a visitor who could
 * tell a stored page from a render could tell which addresses (searches) others asked for.
 */
export function cacheState(
  store: { get(key: string): unknown; fallback(key: string): unknown },
  path: string,
): { key: string; state: CacheState } {
  const key = pageKey(new URL(path, "http://site"));
  const state = store.get(key) ? "fresh" : store.fallback(key) ? "stale" : "absent";
  return { key, state };
}
