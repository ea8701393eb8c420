/** The longest search the site reads; anything longer is cut, not refused. */
const MAX_SEARCH_LENGTH = 200;

/**
 * A search term as every reader of one takes it: trimmed and cut to length; blank means no search.
 * @example readSearchTerm("  hold music ") // "hold music"
 */
export const readSearchTerm = (value: string): string => value.trim().slice(0, MAX_SEARCH_LENGTH);
