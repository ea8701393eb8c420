// How the site holds up as the archive grows: for the sample content and generated archives
// of 1,000 and 10,000 posts, on the embedded database and (with BENCH_DATABASE_URL) on a
// PostgreSQL server, the size and render time of the listings, feed and API, search
// latency, stored-page throughput against a static server, publish-to-visible while the
// site serves load at half its maximum, and a cold start on the existing data.
//
//   tsx bench/scale.ts          (npm run bench runs it too, and adds its table to results.md)
//   BENCH_SIZES=6,1000 BENCH_DATABASE_URL=postgres://user@host/db tsx bench/scale.ts
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { createDb } from "../db/client.ts";
import { growBigSite } from "./big-site.ts";
import {
  cacheState,
  fmt,
  median,
  PAGE,
  publishToVisible,
  rawGet,
  settled,
  signIn,
  throughput,
  type Throughput,
} from "./measure";
import { searchLatency } from "./search-speed.ts";
import { startSite } from "./site";

const SIZES = (process.env.BENCH_SIZES ?? "6,1000,10000").split(",").map(Number);
/** A PostgreSQL server the bench may create databases on; without it, only the embedded rows run. */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WRITES = 10;
const RENDERS = 3;
/** The goals at 10,000 posts on PostgreSQL (issue: scale). */
const MAX_BYTES = 150 * 1024;
const MAX_RENDER_MS = 50;
/** Search's p99 at 10,000 posts, on either engine (issue 51). */
const MAX_SEARCH_P99_MS = 25;

/** The pages and responses whose size must not grow with the archive. */
const PATHS = [
  "/",
  "/?category=Meh%20Moments",
  "/archive",
  "/archive?page=2",
  "/archive?category=Meh%20Moments",
  // A word in most of the sample bodies, so in thousands of posts of a grown archive.
  "/archive?search=hold",
  "/videos",
  "/rss.xml",
  "/api/posts",
];
/** Those kept in the page store: their render time is a miss's, after a change dropped them. */
const STORED = new Set(PATHS.filter((p) => !p.startsWith("/api/")));

type Engine = "PGlite" | "PostgreSQL";

interface PageFigure {
  path: string;
  status: number;
  bytes: number;
  renderMs: number;
}

export interface ScaleRow {
  engine: Engine;
  posts: number;
  pages: PageFigure[];
  search: { p50: number; p99: number };
  throughput: Throughput;
  /** Requests per second of the stored page the site served while changes were published. */
  load: number;
  postVisible: { p50: number; p95: number };
  homeVisible: { p50: number; p95: number };
  coldStartMs: number;
}

/** A new empty database on the server `serverUrl` names, and its URL. */
export async function freshDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * Each path's size as sent uncompressed, and how long it takes to render: a stored page is
 * timed on a miss, right after a theme save has dropped every stored page (the median of
 * a few, each once the site is quiet again); the API, never stored, on every request.
 */
async function pageFigures(origin: string, pid: number): Promise<PageFigure[]> {
  const auth = await signIn(origin);
  const figures: PageFigure[] = [];
  for (const [i, pagePath] of PATHS.entries()) {
    const { status, body } = await rawGet(origin + pagePath, "identity");
    const samples: number[] = [];
    for (let n = 0; n < RENDERS; n++) {
      if (STORED.has(pagePath)) {
        const saved = await fetch(`${origin}/api/css/save`, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({ cssContent: `:root { --bench: ${i * RENDERS + n}; }`, name: "Bench" }),
        });
        if (!saved.ok) throw new Error(`theme save failed: ${saved.status}`);
      }
      if (STORED.has(pagePath) && (await cacheState(origin, pagePath)) === "fresh")
        throw new Error(`${pagePath} was rendered again before it was timed`);
      const start = performance.now();
      const response = await fetch(origin + pagePath);
      await response.arrayBuffer();
      samples.push(performance.now() - start);
      // The save makes the site render every dropped page again; wait until it is done.
      await settled(pid);
    }
    figures.push({ path: pagePath, status, bytes: body.length, renderMs: median(samples) });
  }
  await fetch(`${origin}/api/css/reset`, { method: "POST", headers: auth });
  return figures;
}

/** A load generator in its own process, asking for `url` at `rate` requests per second until stopped. */
function steadyLoad(url: string, rate: number): { stop(): Promise<void> } {
  const child = spawn(
    "node_modules/.bin/autocannon",
    ["-c", "32", "-d", "600", "-R", String(rate), "-H", "accept-encoding=br", url],
    { stdio: "ignore" },
  );
  return {
    stop: async () => {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

async function measure(engine: Engine, posts: number): Promise<ScaleRow> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "meh-bench-scale-"));
  const database =
    engine === "PostgreSQL" && BENCH_DATABASE_URL
      ? await freshDatabase(BENCH_DATABASE_URL, "meh_bench_scale")
      : undefined;
  try {
    const handle = createDb(database?.url ?? path.join(dataDir, "db"));
    let search;
    try {
      await growBigSite(handle, dataDir, { posts, videos: Math.floor(posts / 10) });
      // In this process, before the site runs: the embedded database allows one process.
      search = await searchLatency(handle.db);
    } finally {
      await handle.close();
    }
    const site = await startSite(dataDir, database?.url);
    let row: Omit<ScaleRow, "coldStartMs">;
    try {
      // The site rebuilds its search index after it starts; the figures are of a quiet site.
      await settled(site.pid);
      const pages = await pageFigures(site.origin, site.pid);
      // Against nginx alone when installed: the sizes compare the site with itself.
      const tput = await throughput(site.origin, ROUNDS, SECONDS, true);
      const load = Math.round(median(tput.rounds.map((r) => r.site)) / 2);
      const running = steadyLoad(site.origin + PAGE, load);
      try {
        const postVisible = await publishToVisible(site.origin, (slug) => `/post/${slug}`, WRITES);
        const homeVisible = await publishToVisible(site.origin, () => "/", WRITES);
        row = { engine, posts, pages, search, throughput: tput, load, postVisible, homeVisible };
      } finally {
        await running.stop();
      }
      await settled(site.pid);
    } finally {
      await site.stop();
    }
    const again = await startSite(dataDir, database?.url, site.port);
    await again.stop();
    return { ...row, coldStartMs: again.startMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/** Every size on every engine there is, smallest first. */
export async function scaleRows(): Promise<ScaleRow[]> {
  const engines: Engine[] = BENCH_DATABASE_URL ? ["PGlite", "PostgreSQL"] : ["PGlite"];
  const rows: ScaleRow[] = [];
  for (const posts of SIZES) for (const engine of engines) rows.push(await measure(engine, posts));
  return rows;
}

const mark = (ok: boolean) => (ok ? "" : " ✗");

/** The section of results.md: one table of sizes and render times, one of the rest. */
export function scaleSection(rows: ScaleRow[]): string[] {
  const pageHeader = PATHS.map((p) => `\`${p}\``).join(" | ");
  return [
    `## As the archive grows (${SIZES.map((s) => fmt(s)).join(", ")} posts; a tenth as many videos)`,
    ``,
    ...(BENCH_DATABASE_URL
      ? []
      : [`PostgreSQL rows need \`BENCH_DATABASE_URL\` (a server the bench may create a database on).`, ``]),
    `Size of each response as sent uncompressed, and its render time: a stored page's on a miss right after a change dropped it (median of ${RENDERS}), the API's on every request. Goals at 10,000 posts on PostgreSQL: no response over ${MAX_BYTES / 1024} KB, no render over ${MAX_RENDER_MS} ms (✗ marks a miss).`,
    ``,
    `| engine | posts | ${pageHeader} |`,
    `|---|---|${PATHS.map(() => "---|").join("")}`,
    ...rows.map(
      (r) =>
        `| ${r.engine} | ${fmt(r.posts)} | ${r.pages
          .map((p) => {
            const goal = r.engine === "PostgreSQL" && r.posts >= 10_000;
            const status = p.status === 200 ? "" : ` (${p.status})`;
            return `${fmt(p.bytes / 1024, 1)} KB${mark(!goal || p.bytes <= MAX_BYTES)}, ${fmt(p.renderMs, 1)} ms${mark(!goal || p.renderMs <= MAX_RENDER_MS)}${status}`;
          })
          .join(" | ")} |`,
    ),
    ``,
    `Search: a search of the whole site as \`/archive?search=\` runs it (the first page of posts and of videos, as cards with their snippets and spoken moments), for 30 terms, 10 times each (\`bench/search-speed.ts\`). Throughput: the stored post page against ${rows[0]?.throughput.baselines[0] ?? "a static server"} on the same bytes, median of ${ROUNDS} interleaved rounds. Publish to visible: ${WRITES} writes each, while a separate process asks for the stored post page at half the site's measured maximum. Cold start: spawn to the first 200 on \`/\`, on the data just used.`,
    ``,
    `| engine | posts | search p50 | search p99 | stored page vs ${rows[0]?.throughput.baselines[0] ?? "static"} | load | post visible p50 | home visible p50 | cold start |`,
    `|---|---|---|---|---|---|---|---|---|`,
    ...rows.map((r) => {
      const searchGoal = r.posts >= 10_000 ? MAX_SEARCH_P99_MS : Infinity;
      return `| ${r.engine} | ${fmt(r.posts)} | ${fmt(r.search.p50, 1)} ms | ${fmt(r.search.p99, 1)} ms${mark(r.search.p99 <= searchGoal)} | ${fmt((r.throughput.ratios[0] ?? 0) * 100, 1)}%${mark((r.throughput.ratios[0] ?? 0) >= 0.75)} | ${fmt(r.load)} req/s | ${fmt(r.postVisible.p50, 1)} ms${mark(r.postVisible.p50 <= 50)} | ${fmt(r.homeVisible.p50, 1)} ms${mark(r.homeVisible.p50 <= 50)} | ${fmt(r.coldStartMs)} ms${mark(r.coldStartMs <= 1000)} |`;
    }),
    `| goal | 10,000 | | ≤ ${MAX_SEARCH_P99_MS} ms (both engines) | ≥ 75% | half the maximum | ≤ 50 ms | ≤ 50 ms | ≤ 1,000 ms |`,
    ``,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(scaleSection(await scaleRows()).join("\n"));
}
