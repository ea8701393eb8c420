import type { AstroGlobal } from "astro";

/** What a page shows, named so a change to it can drop exactly the pages that show it. */
export type ContentTag = "posts" | "videos" | `post:${number}` | `video:${number}` | `layout:${string}` | "theme";

/**
 * Keep this page's HTML for visitors until the content it shows changes. The lifetime
 * is only a backstop: publishing drops pages by tag the moment content changes.
 */
export function cachePage(astro: { cache: AstroGlobal["cache"] }, tags: ContentTag[]): void {
  if (!astro.cache.enabled) return;
  astro.cache.set({ maxAge: 3600, swr: 86_400, tags });
}
