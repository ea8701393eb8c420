import type { AstroGlobal } from "astro";
import { tag, type ContentTag } from "./content-tags";

/**
 * Keep this response for visitors until the content it shows changes. The lifetime is only
 * a backstop: publishing drops pages by tag the moment content changes. Every kept response
 * carries the theme's tag too: pages link the active theme by its revision. (Set here, in
 * the page's own code: the layout runs once the response has started, too late for tags.)
 */
export function cachePage(astro: { cache: AstroGlobal["cache"] | undefined }, tags: ContentTag[]): void {
  // Astro renders the 404 page for a middleware's empty 404 (a path no page can hold) without a cache.
  if (!astro.cache?.enabled) return;
  astro.cache.set({ maxAge: 3600, swr: 86_400, tags: [...tags, tag.theme] });
}

/**
 * A page made from what its visitor typed (a search) is theirs alone: never kept here or by a
 * CDN. A kept copy answers in a millisecond where a render takes ten, which would tell
 * anyone which terms someone else had searched for; rendered every time, a term asked before
 * and a new one cost the same (the render queue bounds how many at once).
 */
export function keepPrivate(astro: { response: { headers: Headers } }): void {
  astro.response.headers.set("Cache-Control", "private, no-store");
}
