/**
 * Listings come a page at a time, so a page, an API answer and an island's download stay
 * the same size however large the archive grows. Shared by the pages, the API and the
 * islands, so `?page=` means the same everywhere.
 */

/** Cards on a listing page: four rows of the widest grid (3 columns) and six of the narrowest. */
export const PAGE_SIZE = 24;
/** The most items one API call may ask for. */
export const MAX_PAGE_SIZE = 100;
/** Pages past this are refused: no listing is that long, and deep offsets are slow to read. */
export const MAX_PAGE = 10_000;

/** The response header that tells an API client how many items the whole listing has. */
export const TOTAL_HEADER = "X-Total-Count";
/**
 * Sent instead of `TOTAL_HEADER` where counting stopped (`Page.capped`): the listing has at
 * least this many items, and its last page is not known.
 */
export const TOTAL_AT_LEAST_HEADER = "X-Total-Count-At-Least";

/** One page of a listing, and how many items the whole listing has. */
export interface Page<T> {
  items: T[];
  total: number;
  /**
   * Set when counting stopped early: the listing has at least `total` items, maybe many more
   * (a search for a word in most posts; see `SearchLimits.cap`).
   */
  capped?: true;
}

/** How a listing sends each item: whole, or only what its card shows. */
export type ListView = "full" | "card";

/** Which rows a page holds. */
export interface PageRequest {
  /** 1-based. */
  page: number;
  limit: number;
}

export const FIRST_PAGE: PageRequest = { page: 1, limit: PAGE_SIZE };

/** The rows to skip for a page. */
export const offsetOf = ({ page, limit }: PageRequest): number => (page - 1) * limit;

/** How many pages a listing of `total` items fills; an empty listing still has its first page. */
export const pageCount = (total: number, limit: number = PAGE_SIZE): number => Math.max(1, Math.ceil(total / limit));

/**
 * Read `?page=` as a page number: a positive whole number up to MAX_PAGE; anything else is
 * the first page, as a person typing a wrong number into the address bar would want.
 */
export function readPageNumber(value: string | null | undefined): number {
  if (!value || !/^[1-9]\d{0,4}$/.test(value)) return 1;
  return Math.min(Number(value), MAX_PAGE);
}
