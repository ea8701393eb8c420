/** What the owner asks of a reader as it opens an export. */
export interface ReaderOptions {
  /** Take the source's pages (an about page, a Substack page, a Bear `is_page`) as posts too. */
  includePages?: boolean;
}

/** What a source holds but the site does not take, counted as its items are read through once. */
export class SkipTally {
  #counts: Record<string, number> = {};

  /** Start afresh, as each reading of the items does. */
  reset(): void {
    this.#counts = {};
  }

  add(what: string): void {
    this.#counts[what] = (this.#counts[what] ?? 0) + 1;
  }

  counts(): Record<string, number> {
    return { ...this.#counts };
  }
}

/** How the skipped pages are counted in every reader, so the report names them alike. */
export const PAGES_NOT_ASKED = "pages (not asked for)";
