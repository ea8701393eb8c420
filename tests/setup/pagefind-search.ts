import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The pages a site's Pagefind index finds for a term, asked as a visitor's browser asks:
 * Pagefind's own library, loaded from the site, fetching the index over HTTP. A search
 * begun on a build that a rebuild removing a page replaced meanwhile finds its index parts
 * gone (they held the removed page's words); as a browser would, it loads the index again.
 */
export async function pagefindSearch(
  origin: string,
  term: string,
  filters?: Record<string, string>,
): Promise<string[]> {
  return (await pagefindResults(origin, term, filters)).map((result) => new URL(result.url).pathname);
}

/** What Pagefind tells a browser of each page it finds, as `pagefindSearch` asks. */
export interface PagefindFound {
  url: string;
  meta: Record<string, string>;
  anchors: { id: string; text: string; location: number }[];
  locations: number[];
}

/** The results themselves, for what a page's result says beyond its address. */
export async function pagefindResults(
  origin: string,
  term: string,
  filters?: Record<string, string>,
): Promise<PagefindFound[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await searchOnce(origin, term, filters);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function searchOnce(origin: string, term: string, filters?: Record<string, string>): Promise<PagefindFound[]> {
  const library = await fetch(`${origin}/pagefind/pagefind.js`);
  if (!library.ok) return [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "meh-pagefind-"));
  try {
    const file = path.join(dir, "pagefind.mjs");
    writeFileSync(file, await library.text());
    const pagefind = (await import(pathToFileURL(file).href)) as {
      createInstance: (options: { basePath: string }) => {
        search: (
          term: string,
          options?: { filters?: Record<string, string> },
        ) => Promise<{ results: { data: () => Promise<PagefindFound> }[] }>;
      };
    };
    const found = await pagefind.createInstance({ basePath: `${origin}/pagefind/` }).search(term, { filters });
    // A result whose fragment the site no longer serves is a page removed since the build the
    // search read: its text is no longer served, so it is not found.
    const pages = await Promise.all(
      found.results.map((result) =>
        result.data().then(
          (data) => ({ ...data, url: new URL(data.url, origin).href }),
          () => undefined,
        ),
      ),
    );
    return pages.filter((page) => page !== undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
