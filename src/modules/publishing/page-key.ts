import { textFault } from "@/lib/acceptable-text";
import { isCategory } from "@/lib/categories";
import { readPageNumber } from "@/lib/paging";
import { readSearchTerm } from "@/lib/search-term";
import { PREVIEW_PARAM, SAFE_THEME_PARAM } from "@/modules/themes/theme-params";

const asIs = (value: string): string => value;

/**
 * The query parameters any page reads (the listings' `search`, `category` and `page`, the
 * newsletter's `reason`, the theme's safe mode and preview), each with the value a page
 * makes of it: pages read the first value only, trim a search, ignore
 * a category that is not one of the four, and read a page number that is not one as the
 * first page. Every other parameter
 * (tracking tags, cache busters, junk) and every value read as nothing cannot change a
 * page, so it never splits the store: `/post/x?anything` is the stored `/post/x`, and
 * `/?category=junk` the stored `/`. A page that starts reading a new parameter adds it here.
 */
const PAGE_QUERY_PARAMS: ReadonlyMap<string, (value: string) => string | undefined> = new Map([
  ["search", (value: string) => readSearchTerm(value) || undefined],
  ["category", (value: string) => (isCategory(value) ? value : undefined)],
  [
    "page",
    (value: string) => {
      const page = readPageNumber(value);
      return page > 1 ? String(page) : undefined;
    },
  ],
  ["reason", asIs],
  [SAFE_THEME_PARAM, asIs],
  [PREVIEW_PARAM, asIs],
]);

/**
 * The key a page is stored under: its path plus the parameters pages read, as they read
 * them, sorted.
 * @example pageKey(new URL("http://x/archive?search=a&utm_source=n")) // "/archive?search=a"
 */
export function pageKey(url: URL): string {
  const params = new URLSearchParams();
  for (const [name, read] of PAGE_QUERY_PARAMS) {
    const value = url.searchParams.get(name);
    // Text no field may hold is kept as it came: such a request is refused (400), never
    // answered as the page without it.
    const kept = value === null ? undefined : textFault(value) ? value : read(value);
    if (kept !== undefined) params.append(name, kept);
  }
  params.sort();
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
