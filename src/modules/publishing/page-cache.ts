import type { AstroGlobal } from "astro";
import type { ContentTag } from "./content-tags";

/**
 * Keep this page's HTML for visitors until the content it shows changes. The lifetime
 * is only a backstop: publishing drops pages by tag the moment content changes.
 */
export function cachePage(astro: { cache: AstroGlobal["cache"] }, tags: ContentTag[]): void {
  if (!astro.cache.enabled) return;
  astro.cache.set({ maxAge: 3600, swr: 86_400, tags });
}
