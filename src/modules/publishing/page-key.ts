import { textFault } from "@/lib/acceptable-text";
import { isCategory } from "@/lib/categories";
import { readPageNumber } from "@/lib/paging";
import { readSearchTerm } from "@/lib/search-term";
import { PREVIEW_PARAM, SAFE_THEME_PARAM } from "@/lib/theme-params";

type Reader = (value: string) => string | undefined;

/** A parameter read only for being there (the theme's safe mode and preview). */
const present: Reader = () => "1";

const readCategory: Reader = (value) => (isCategory(value) ? value : undefined);

const LISTING: ReadonlyMap<string, Reader> = new Map<string, Reader>([
  ["search", (value) => readSearchTerm(value) || undefined],
  ["category", readCategory],
  [
    "page",
    (value) => {
      const page = readPageNumber(value);
      return page > 1 ? String(page) : undefined;
    },
  ],
]);

/**
 * The query parameters each page reads, with the value it makes of each: pages read the
 * first value only, trim a search, ignore a category that is not one of the four, read a
 * page number that is not one as the first page, and the newsletter's retry page tells only
 * whether the address was refused. Every other parameter (tracking tags, cache busters,
 * junk, a listing's parameter on a page that lists nothing) and every value read as nothing
 * cannot change a page, so it never splits the store: `/post/x?anything` is the stored
 * `/post/x`, and `/?category=junk&page=7` the stored `/`. A page that starts reading a new
 * parameter adds it here.
 */
const PAGE_PARAMS: ReadonlyMap<string, ReadonlyMap<string, Reader>> = new Map([
  ["/", new Map([["category", readCategory]])],
  ["/archive", LISTING],
  ["/videos", LISTING],
  [
    "/newsletter/try-again",
    new Map<string, Reader>([["reason", (value) => (value === "invalid" ? value : undefined)]]),
  ],
]);

/** Read by every page: the theme's safe mode and the CSS editor's preview. */
const EVERY_PAGE: ReadonlyMap<string, Reader> = new Map([
  [SAFE_THEME_PARAM, present],
  [PREVIEW_PARAM, present],
]);

/** Every parameter some page reads: text no field may hold in one of them is refused. */
const READ_SOMEWHERE = new Set([...EVERY_PAGE.keys(), ...[...PAGE_PARAMS.values()].flatMap((m) => [...m.keys()])]);

/**
 * The key a page is stored under: its path plus the parameters that page reads, as it
 * reads them, sorted.
 * @example pageKey(new URL("http://x/archive?search=a&utm_source=n")) // "/archive?search=a"
 */
export function pageKey(url: URL): string {
  // Astro answers `/archive/` as `/archive`.
  const reads = PAGE_PARAMS.get(url.pathname.length > 1 ? url.pathname.replace(/\/$/, "") : url.pathname);
  const params = new URLSearchParams();
  for (const name of READ_SOMEWHERE) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    // Text no field may hold is kept as it came: such a request is refused (400), never
    // answered as the page without it.
    const read = reads?.get(name) ?? EVERY_PAGE.get(name);
    const kept = textFault(value) ? value : read?.(value);
    if (kept !== undefined) params.append(name, kept);
  }
  params.sort();
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
