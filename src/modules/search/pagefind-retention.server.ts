import { gunzipSync } from "node:zlib";

/** What a build's manifest says of one of its files. */
export interface ManifestEntry {
  etag: string;
  size: number;
  /** Whether `.br` and `.gz` copies sit beside it. */
  compressed: boolean;
  /** For a fragment: the URL of the page whose words it holds. */
  page?: string;
}
export type Manifest = Record<string, ManifestEntry>;

/** A page's words and card, one file per page. */
const FRAGMENT = /^fragment\/[\w.-]+\.pf_fragment$/;
/** What Pagefind puts before the JSON of a part once it is unzipped. */
const SIGNATURE = "pagefind_dcd";

/**
 * The URL of the page a fragment holds, or undefined when the file is no fragment or cannot
 * be read as one (a Pagefind that changed its format): such a file then never outlives its
 * build, which costs a visitor mid-search a result but can never serve a removed page.
 */
export function fragmentPage(name: string, content: Uint8Array): string | undefined {
  if (!FRAGMENT.test(name)) return undefined;
  try {
    const text = gunzipSync(content).toString("utf8");
    if (!text.startsWith(SIGNATURE)) return undefined;
    const { url } = JSON.parse(text.slice(SIGNATURE.length)) as { url?: unknown };
    return typeof url === "string" ? url : undefined;
  } catch {
    return undefined;
  }
}

const pagesOf = (manifest: Manifest): Set<string> =>
  new Set(Object.values(manifest).flatMap((entry) => (entry.page === undefined ? [] : [entry.page])));

/**
 * What each build serves, newest (current) first. The current build serves everything. An
 * older one is kept for a visitor whose browser loaded its entry just before a swap, but
 * only so far as it cannot serve a removed page's words: a page counts as removed once any
 * newer build lacks it, even if its address was taken again since. A fragment holds one
 * page, so it stays while its page does. The meta, index and filter parts hold words of
 * every page of their build (stemmed words, not the text, but a deleted post's names and
 * numbers), so they stay only while all of that build's pages do. The price: after a
 * removal, a visitor still on an older build gets the cards of the results it has, but a
 * word it has not looked up yet finds nothing until its browser loads the index again.
 */
export function servedParts<B extends { manifest: Manifest }>(builds: B[]): (B & { served: Manifest })[] {
  let inEveryNewer: Set<string> | undefined;
  return builds.map((build) => {
    const alive = inEveryNewer;
    const pages = pagesOf(build.manifest);
    inEveryNewer = alive ? new Set([...pages].filter((page) => alive.has(page))) : pages;
    if (!alive) return { ...build, served: build.manifest };
    const entries = Object.entries(build.manifest);
    const stillIndexed = ([name, entry]: [string, ManifestEntry]) =>
      FRAGMENT.test(name) && entry.page !== undefined && alive.has(entry.page);
    const whole = entries.every((entry) => !FRAGMENT.test(entry[0]) || stillIndexed(entry));
    return { ...build, served: whole ? build.manifest : Object.fromEntries(entries.filter(stillIndexed)) };
  });
}
