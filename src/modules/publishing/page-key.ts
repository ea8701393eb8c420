import { PREVIEW_PARAM, SAFE_THEME_PARAM } from "@/modules/themes/theme-params";

/**
 * The query parameters any page reads (the listings' `search`, `category` and `page`, the
 * newsletter's `reason`, the theme's safe mode and preview). Every other parameter (tracking tags, cache busters, junk) cannot
 * change a page, so it never splits the store: `/post/x?anything` is the stored `/post/x`.
 * A page that starts reading a new parameter adds it here.
 */
export const PAGE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  "search",
  "category",
  "page",
  "reason",
  SAFE_THEME_PARAM,
  PREVIEW_PARAM,
]);

/**
 * The key a page is stored under: its path plus the parameters pages read, sorted.
 * @example pageKey(new URL("http://x/archive?search=a&utm_source=n")) // "/archive?search=a"
 */
export function pageKey(url: URL): string {
  const params = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (PAGE_QUERY_PARAMS.has(name)) params.append(name, value);
  params.sort();
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
