// The Pagefind index's figures: how long a rebuild takes for the sample site and for a
// generated 1,000-post archive, how big the bundle is, and how long after a publish the
// new post is findable through Pagefind, asked the way a visitor's browser asks.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createDb } from "../db/client.ts";
import { runMigrations } from "../db/migrate.ts";
import { seedIfEmpty } from "../src/modules/content/seed.server.ts";
import { PagefindFiles } from "../src/modules/search/pagefind-files.server.ts";
import { SearchIndexer } from "../src/modules/search/search-indexer.server.ts";
import { siteSearchRecords } from "../src/modules/search/search-records.server.ts";
import { LocalStore } from "../src/modules/uploads/local-store.server.ts";
import { pagefindSearch } from "../tests/setup/pagefind-search.ts";
import { growSite } from "../tests/setup/grow-site.ts";

const BUILDS = 3;
const PUBLISHES = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export interface IndexBuildFigures {
  pages: number;
  medianMs: number;
  bytes: number;
}

/** Rebuild times (records read, indexed, written and swapped in) for the sample site, then with `total` posts. */
export async function indexBuildTimes(total = 1000): Promise<IndexBuildFigures[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "meh-bench-index-"));
  const handle = createDb("memory://");
  try {
    await runMigrations(handle);
    await seedIfEmpty(handle.db, {
      contentDir: "content",
      store: new LocalStore(path.join(dir, "uploads"), handle.db),
    });
    const files = new PagefindFiles(path.join(dir, "pagefind"));
    const indexer = new SearchIndexer({ files, records: () => siteSearchRecords(handle.db), debounceMs: 0 });
    const measure = async (): Promise<IndexBuildFigures> => {
      const times: number[] = [];
      for (let i = 0; i < BUILDS; i++) {
        indexer.schedule();
        await indexer.idle();
        times.push(indexer.lastBuild?.ms ?? Number.NaN);
      }
      return { pages: indexer.lastBuild?.records ?? 0, medianMs: median(times), bytes: files.bytes };
    };
    const figures = [await measure()];
    await growSite(handle.db, { posts: total, videos: 0 });
    figures.push(await measure());
    await indexer.stop();
    return figures;
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Milliseconds from a post's create response until Pagefind, asked afresh over HTTP as a
 * browser would, finds it: the rebuild's debounce included.
 */
export async function publishToFindable(origin: string, auth: Record<string, string>) {
  const samples: number[] = [];
  for (let i = 0; i < PUBLISHES; i++) {
    // Letters alone, unlike any English word: Pagefind stems and matches prefixes.
    const word = `zqx${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
    const created = await fetch(`${origin}/api/posts`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ title: `Findable ${i}`, excerpt: "Bench.", content: word, category: "Meh Moments" }),
    });
    if (!created.ok) throw new Error(`create failed: ${created.status}`);
    const start = performance.now();
    const { id, slug } = (await created.json()) as { id: number; slug: string };
    for (;;) {
      if ((await pagefindSearch(origin, word)).includes(`/post/${slug}`)) break;
      if (performance.now() - start > 30_000) throw new Error("the post never became findable");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    samples.push(performance.now() - start);
    await fetch(`${origin}/api/posts/${id}`, { method: "DELETE", headers: auth });
  }
  return { p50: median(samples), max: Math.max(...samples) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const figure of await indexBuildTimes()) console.log(figure);
}
