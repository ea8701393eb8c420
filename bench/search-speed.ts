// Search latency on a big archive: a search of the whole site for a mix of terms a visitor
// would type, timed as the archive page runs it (`searchSite`: a page of posts and the first
// page of videos, each ranked, read and made into cards with their snippets and moments),
// and the posts alone as `GET /api/posts/search` runs them.
//
//   tsx bench/search-speed.ts --data-dir /tmp/big   (a site grown by bench/big-site.ts)
//   tsx bench/search-speed.ts --data-dir /tmp/big --database-url postgres://…
//   … --per-term   (each term's median too)
import { pathToFileURL } from "node:url";
import { desc, like, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { openBigSite } from "./big-site-args.ts";
import { posts } from "../db/schema/index.ts";
import { FIRST_PAGE } from "../src/lib/paging.ts";
import { serializeSearchedPost } from "../src/modules/posts/card.ts";
import { searchPosts } from "../src/modules/posts/posts.server.ts";
import { searchSite } from "../src/modules/search/site-search.server.ts";
import { distinguishingWord } from "../tests/setup/grow-site.ts";

const ROUNDS = 10;

/** One wrong letter pair, as a hurried typist makes them: "sandwich" → "sadnwich". */
const typo = (word: string) => word.slice(0, 2) + (word[3] ?? "") + (word[2] ?? "") + word.slice(4);

/**
 * What visitors search for: the archive's most common words (the costliest, matching the
 * most posts), rarer ones, typos of both, two-word phrases, all taken from the posts; and
 * a word said in one video and many posts ("kettle"), and a word only one post holds.
 */
export async function searchTerms(db: Db): Promise<string[]> {
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
  const generated = (await db.$count(posts, like(posts.slug, "generated-%"))) > 0;
  return [
    ...common,
    ...rarer,
    ...[...common, ...rarer]
      .filter((w) => w.length >= 6)
      .map(typo)
      .slice(0, 8),
    ...phrases,
    "kettle",
    ...(generated ? [distinguishingWord(0)] : []),
  ];
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

/** What one search does: the archive page's (posts and videos, as cards), or the posts API's. */
const SEARCHES = {
  archive: (db: Db, term: string) => searchSite(db, term, FIRST_PAGE),
  api: async (db: Db, term: string) =>
    (await searchPosts(db, term, FIRST_PAGE)).items.map(serializeSearchedPost("card", term)),
} as const;

export interface SearchLatency {
  terms: number;
  p50: number;
  p99: number;
  max: number;
  /** Each term's median. */
  perTerm: Map<string, number>;
}

/** Milliseconds per search of the first page, over every term `ROUNDS` times (after one warm-up pass). */
export async function searchLatency(db: Db, kind: keyof typeof SEARCHES = "archive"): Promise<SearchLatency> {
  const search = SEARCHES[kind];
  const terms = await searchTerms(db);
  for (const term of terms) await search(db, term);
  const samples: number[] = [];
  const byTerm = new Map<string, number[]>(terms.map((term) => [term, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const term of terms) {
      const start = performance.now();
      await search(db, term);
      const ms = performance.now() - start;
      samples.push(ms);
      byTerm.get(term)?.push(ms);
    }
  }
  return {
    terms: terms.length,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: Math.max(...samples),
    perTerm: new Map([...byTerm].map(([term, ms]) => [term, percentile(ms, 50)])),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const perTerm = process.argv.includes("--per-term");
  if (perTerm) process.argv.splice(process.argv.indexOf("--per-term"), 1);
  const { handle } = openBigSite();
  try {
    for (const kind of ["archive", "api"] as const) {
      const { perTerm: terms, ...figures } = await searchLatency(handle.db, kind);
      console.log(kind, figures);
      if (perTerm) for (const [term, ms] of terms) console.log(`  ${term}: ${ms.toFixed(1)} ms`);
    }
  } finally {
    await handle.close();
  }
}
