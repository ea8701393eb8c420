// Search latency on a big archive: the first page of results for a mix of terms a visitor
// would type, timed as the site runs it (`searchPosts`: the ranked ids, then the page's rows).
//
//   tsx bench/search-speed.ts --data-dir /tmp/big   (a site grown by bench/big-site.ts)
//   tsx bench/search-speed.ts --data-dir /tmp/big --database-url postgres://…
import { pathToFileURL } from "node:url";
import { desc, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { openBigSite } from "./big-site-args.ts";
import { posts } from "../db/schema/index.ts";
import { searchPosts } from "../src/modules/posts/posts.server.ts";

const ROUNDS = 10;

/** One wrong letter pair, as a hurried typist makes them: "sandwich" → "sadnwich". */
const typo = (word: string) => word.slice(0, 2) + (word[3] ?? "") + (word[2] ?? "") + word.slice(4);

/**
 * What visitors search for: the archive's most common words (the costliest, matching the
 * most posts), rarer ones, typos of both, and two-word phrases, all taken from the posts.
 */
async function searchTerms(db: Db): Promise<string[]> {
  const stats = await db
    .select({ word: sql<string>`word` })
    .from(sql`ts_stat('select search from posts')`)
    .where(sql`length(word) >= 5`)
    .orderBy(sql`ndoc desc, word`);
  const words = stats.map((row) => row.word);
  const common = words.slice(0, 8);
  const rarer = Array.from({ length: 8 }, (_, i) => words[Math.floor(((i + 1) * words.length) / 10)] ?? "meh");
  const titles = await db.select({ title: posts.title }).from(posts).orderBy(desc(posts.id)).limit(4);
  const phrases = titles.map(({ title }) => title.toLowerCase().split(/\s+/).slice(0, 2).join(" "));
  return [
    ...common,
    ...rarer,
    ...[...common, ...rarer]
      .filter((w) => w.length >= 6)
      .map(typo)
      .slice(0, 8),
    ...phrases,
  ];
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

/** Milliseconds per search of the first page, over every term `ROUNDS` times (after one warm-up pass). */
export async function searchLatency(db: Db): Promise<{ terms: number; p50: number; p99: number; max: number }> {
  const terms = await searchTerms(db);
  for (const term of terms) await searchPosts(db, term);
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const term of terms) {
      const start = performance.now();
      await searchPosts(db, term);
      samples.push(performance.now() - start);
    }
  }
  return { terms: terms.length, p50: percentile(samples, 50), p99: percentile(samples, 99), max: Math.max(...samples) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { handle } = openBigSite();
  try {
    console.log(await searchLatency(handle.db));
  } finally {
    await handle.close();
  }
}
