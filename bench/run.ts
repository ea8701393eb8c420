// npm run bench: stored-page throughput against a static file server on the same bytes,
// publish-to-visible latency, a stored page under a flood, memory under junk URLs, cold start
// (also after a crash), JavaScript per page, the search index's rebuilds, rendering a long
// essay and archiving the site. Prints a table and writes bench/results.md. See
// bench/README.md for how to read it.
import { execSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { FloodKind } from "./flood";
import { archiveRows, archiveSection } from "./archive-site";
import { essayRenderSection, essayRenderTimes } from "./essay-render";
import { wxrRow, wxrSection } from "./import-wxr";
import { jsBytes } from "./js-bytes";
import {
  cacheState,
  fmt,
  LOAD_GENERATOR,
  median,
  PAGE,
  percentile,
  publishToVisible,
  signIn,
  throughput,
  untilStored,
} from "./measure";
import { BENCH_DATABASE_URL, freshDatabase, scaleRows, scaleSection } from "./scale";
import { indexBuildTimes, publishToFindable } from "./search-index";
import { residentMb, startSite, type RunningSite } from "./site";
import { treeMemory, type TreeMemory } from "./tree-memory";
import { CLIP_SECONDS, startTranscode } from "./transcode";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PUBLISHES = 25;
const JUNK = Number(process.env.BENCH_JUNK ?? 20_000);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
/** Restarts after a kill -9: the time varies with the machine's load, so it is taken several times. */
const CRASHES = 5;

/**
 * Kill `site`'s whole process group with SIGKILL and start it again on its data directory,
 * CRASHES times: the last site, and each restart's milliseconds to its first 200.
 */
async function restartsAfterCrash(site: RunningSite, dataDir: string) {
  const afterCrash: number[] = [];
  for (let i = 0; i < CRASHES; i++) {
    await site.crash();
    // Started after a kill -9, so the data directory's lock is a dead holder's (perhaps a
    // zombie init has not reaped yet) and no pages were kept; by `npm start` itself, as an
    // owner or a process manager would.
    site = await startSite(dataDir, "", site.port, "npm");
    afterCrash.push(site.startMs);
  }
  return { site, afterCrash };
}

const restartRows = (afterCrash: number[]) => [
  `| existing data directory, previous server's process group killed (kill -9), by \`npm start\`, median of ${CRASHES} | ${fmt(median(afterCrash))} ms |`,
  `| the same, slowest | ${fmt(Math.max(...afterCrash))} ms |`,
  `| goal after a kill -9 | ≤ 1,500 ms |`,
];

/**
 * Milliseconds from a theme save's response until a visitor's next load of the home page
 * wears it: the page links the new revision and that stylesheet holds the new colour.
 */
async function themeToVisible(origin: string) {
  const auth = await signIn(origin);
  const samples: number[] = [];
  for (let i = 0; i < PUBLISHES; i++) {
    await fetch(`${origin}/`);
    const colour = `#${(0x100000 + i * 7919).toString(16).slice(-6)}`;
    const write = await fetch(`${origin}/api/css/save`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ cssContent: `:root { --color-link: ${colour}; }`, name: `Bench ${i}` }),
    });
    if (!write.ok) throw new Error(`theme save failed: ${write.status}`);
    const start = performance.now();
    for (;;) {
      const href = /href="(\/api\/css\/current\/styles\.css\?v=\d+)"/.exec(
        await (await fetch(`${origin}/`)).text(),
      )?.[1];
      if (href && (await (await fetch(origin + href)).text()).includes(colour)) break;
      if (performance.now() - start > 5000) throw new Error("the theme never became visible");
    }
    samples.push(performance.now() - start);
  }
  await fetch(`${origin}/api/css/reset`, { method: "POST", headers: auth });
  const editor = await jsBytes(origin, "/admin/css", { Cookie: auth.Cookie ?? "" });
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), editor };
}

/** What each layout editor makes the signed-in owner download (gzip). */
async function layoutEditorsJs(origin: string) {
  const cookie = { Cookie: (await signIn(origin)).Cookie ?? "" };
  const [designer, dashboard, home] = await Promise.all([
    jsBytes(origin, "/admin/designer", cookie),
    jsBytes(origin, "/admin", cookie),
    jsBytes(origin, "/", cookie),
  ]);
  return { designer, dashboard, home };
}

interface FloodResult {
  sent: number;
  statuses: Record<string, number>;
}

/** Run bench/flood.ts in its own process: `limit` is a request count, or seconds as "10s". */
function flood(origin: string, kind: FloodKind, connections: number, limit: string): Promise<FloodResult> {
  const child = spawn("tsx", ["bench/flood.ts", origin, kind, String(connections), limit], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => {
      if (code === 0) resolve(JSON.parse(out) as FloodResult);
      else reject(new Error(`flood ${kind} exited with ${code}`));
    });
  });
}

const statusList = (result: FloodResult) =>
  Object.entries(result.statuses)
    .map(([status, count]) => `${fmt(count)} × ${status === "0" ? "error" : status}`)
    .join(", ");

// Memory is read after 15 s idle, by when each of the server's threads has collected what the
// flood left (src/server/idle-collection.ts looks every 5 s). The kinds are flooded twice:
// memory that keeps growing with more junk would be memory kept for what a client made up.
const IDLE_MS = 15_000;
const JUNK_KINDS = ["assets", "queries", "uploads", "images", "beacons", "junkBeacons"] as const;

async function idleResidentMb(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  return residentMb(pid);
}

// A new site is read 20 s after its first pages, as it was when the goals were set:
// its start's own work (the search index, the first renders) can keep the worker busy past
// a check or two, and a reading taken before its first idle collection holds some 35 MB of
// the start's garbage (271-280 MB embedded, at 5 s, against 231-241 once collected).
const IDLE_TREE_MS = 20_000;

/** Pages a visitor's first minutes load, so the idle readings include what rendering them keeps. */
const FIRST_PAGES = ["/", "/archive", "/videos", "/about", "/post/the-sandwich-was-fine"];

interface IdleReading {
  database: string;
  memory: TreeMemory;
  /** The goal for the tree's memory, with each file's pages counted once, in MB. */
  goalMb: number;
}

/**
 * Memory of the whole tree `npm start` runs (npm, its shell, the server, Pagefind's service)
 * with the sample content, idle after its first pages: on the embedded database, and on
 * PostgreSQL with BENCH_DATABASE_URL.
 */
async function idleMemory(): Promise<IdleReading[]> {
  const readings: IdleReading[] = [];
  const engines: { database: string; url: string; goalMb: number; drop?: () => Promise<void> }[] = [
    { database: "embedded (PGlite, the default)", url: "", goalMb: 250 },
  ];
  if (BENCH_DATABASE_URL) {
    const server = await freshDatabase(BENCH_DATABASE_URL, "meh_bench_idle");
    engines.push({ database: "PostgreSQL (`DATABASE_URL`)", url: server.url, goalMb: 150, drop: () => server.drop() });
  }
  for (const engine of engines) {
    const site = await startSite(undefined, engine.url, undefined, "npm");
    for (const page of FIRST_PAGES) await (await fetch(site.origin + page)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, IDLE_TREE_MS));
    readings.push({ database: engine.database, memory: treeMemory(site.group), goalMb: engine.goalMb });
    await site.stop();
    await engine.drop?.();
  }
  return readings;
}

/** A process of the tree by what it runs, for the per-process column. */
const processName = (command: string) =>
  command.startsWith("npm")
    ? "npm"
    : command.startsWith("sh ")
      ? "sh"
      : /src\/server\/start\.ts|dist\/server\/front\.mjs/.test(command)
        ? "server"
        : command.includes("pagefind")
          ? "Pagefind"
          : command.split(" ")[0];

/** Resident memory as junk URLs of each kind pile up: nothing a client makes up may be kept. */
async function memoryUnderJunk(origin: string, pid: number) {
  const start = await idleResidentMb(pid);
  const rows: { pass: number; kind: FloodKind; result: FloodResult; mb: number }[] = [];
  for (const pass of [1, 2]) {
    for (const kind of JUNK_KINDS) {
      const result = await flood(origin, kind, 16, String(JUNK));
      rows.push({ pass, kind, result, mb: await idleResidentMb(pid) });
    }
  }
  return { start, rows };
}

/** Milliseconds per request for a stored page, one at a time for `seconds`. */
async function storedPageLatency(origin: string, seconds: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(origin + PAGE, { agent, headers: { "accept-encoding": "br" } }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`the stored page answered ${String(res.statusCode)}`));
          res.resume().on("end", resolve);
        })
        .on("error", reject);
    });
    samples.push(performance.now() - start);
  }
  agent.destroy();
  return samples;
}

/** A stored page's latency alone, then while 64 connections ask for what the store cannot answer. */
async function latencyUnderFlood(origin: string) {
  const rows: { flood: string; samples: number[]; result?: FloodResult }[] = [];
  // A write before this (the publish-to-visible runs) may have dropped the page: store it again.
  await untilStored(origin, PAGE);
  rows.push({ flood: "none", samples: await storedPageLatency(origin, FLOOD_SECONDS) });
  for (const kind of ["misses", "cookies", "beacons"] as const) {
    const running = flood(origin, kind, 64, `${FLOOD_SECONDS + 1}s`);
    // The first second lets the flood reach full strength.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const samples = await storedPageLatency(origin, FLOOD_SECONDS - 1);
    rows.push({ flood: kind, samples, result: await running });
  }
  // The misses again, while a video's streaming ladder is made at the lowest priority.
  const transcode = await startTranscode(origin);
  if (transcode) {
    await untilStored(origin, PAGE);
    const running = flood(origin, "misses", 64, `${FLOOD_SECONDS + 1}s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const samples = await storedPageLatency(origin, FLOOD_SECONDS - 1);
    const result = await running;
    const after = await transcode.progress();
    if (after.status !== "running") throw new Error(`the transcode ended (${after.status}) while it was measured`);
    rows.push({
      flood: `misses, while a 1080p upload is transcoded (${fmt(after.progress * 100)} % done by the end)`,
      samples,
      result,
    });
    // ffmpeg is the server's child: left running, it was read as the server's memory by the
    // junk floods that follow (over 300 MB, gone halfway through them).
    await transcode.ended();
  }
  // Stored before and after (asked outside the floods, which fill the render queue), so
  // every request timed between was answered from the store.
  if ((await cacheState(origin, PAGE)) !== "fresh") throw new Error("the page was dropped while it was timed");
  return rows;
}

/** The table of a stored page's latency under each flood. */
const floodTable = (rows: Awaited<ReturnType<typeof latencyUnderFlood>>) => [
  `| flood | stored page p50 | p99 | max | flood answers |`,
  `|---|---|---|---|---|`,
  ...rows.map(
    (r) =>
      `| ${r.flood} | ${fmt(percentile(r.samples, 50), 1)} ms | ${fmt(percentile(r.samples, 99), 1)} ms | ${fmt(Math.max(...r.samples), 1)} ms | ${r.result ? statusList(r.result) : ""} |`,
  ),
  `| goal | | p99 ≤ 50 ms | | |`,
];

/**
 * `npm run bench -- restart`: only the restarts after a kill -9, on a fresh data directory,
 * printed and not recorded.
 */
async function restartsOnly(): Promise<void> {
  execSync("astro build", { stdio: "ignore" });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "meh-bench-data-"));
  const { site, afterCrash } = await restartsAfterCrash(await startSite(dataDir), dataDir);
  try {
    console.log(["| start | time |", "|---|---|", ...restartRows(afterCrash)].join("\n"));
    console.log(`each: ${afterCrash.map((ms) => fmt(ms)).join(", ")} ms`);
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- floods`: only the stored page under the floods, printed and not recorded,
 * to compare two builds on one machine in a minute or two rather than the whole run.
 */
async function floodsOnly(): Promise<void> {
  execSync("astro build", { stdio: "ignore" });
  const site = await startSite();
  try {
    console.log(floodTable(await latencyUnderFlood(site.origin)).join("\n"));
  } finally {
    await site.stop();
  }
}

async function main(): Promise<void> {
  execSync("astro build", { stdio: "ignore" });
  // In this process, before any site runs, so nothing else competes for the CPU.
  const indexBuilds = await indexBuildTimes();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "meh-bench-data-"));
  const first = await startSite(dataDir);
  const coldFirst = first.startMs;
  await first.stop();
  const second = await startSite(dataDir, "", first.port);
  const { site, afterCrash } = await restartsAfterCrash(second, dataDir);
  const idle = await idleMemory();
  const lines: string[] = [];
  try {
    const tput = await throughput(site.origin, ROUNDS, SECONDS);
    const postVisible = await publishToVisible(site.origin, (slug) => `/post/${slug}`, PUBLISHES);
    const homeVisible = await publishToVisible(site.origin, () => "/", PUBLISHES);
    const underFlood = await latencyUnderFlood(site.origin);
    const memory = await memoryUnderJunk(site.origin, site.pid);
    // Last: a theme save drops every stored page, which the sections above measure stored.
    const theme = await themeToVisible(site.origin);
    const layouts = await layoutEditorsJs(site.origin);
    const findable = await publishToFindable(site.origin, await signIn(site.origin));
    const pages = [
      "/",
      "/archive",
      "/videos",
      PAGE,
      "/videos/ceiling-tiles-ranked",
      "/about",
      "/anhedonia",
      "/nickname-generator",
      "/no-such-page",
    ];
    const js = await Promise.all(pages.map(async (page) => ({ page, ...(await jsBytes(site.origin, page)) })));

    lines.push(
      `# Benchmark results`,
      ``,
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}; ${ROUNDS} interleaved rounds of ${SECONDS} s, 32 connections, \`Accept-Encoding: br\`, load from ${LOAD_GENERATOR}.`,
      ``,
      `## Stored page against static servers on the same bytes and headers (${fmt(tput.bytes)} B of ${PAGE})`,
      ``,
      `Each round asks the site, then each server, for ${SECONDS} s. ${tput.baselines.includes("nginx") ? "" : "nginx is not installed: the bare Node server alone. "}The bare Node server is \`node:http\` replaying the stored response: the most the site's runtime answers with no work at all.`,
      ``,
      `| round | site req/s | ${tput.baselines.map((b) => `${b} req/s | ratio`).join(" | ")} |`,
      `|---|---|${tput.baselines.map(() => "---|---|").join("")}`,
      ...tput.rounds.map(
        (r, i) =>
          `| ${i + 1} | ${fmt(r.site)} | ${r.baselines.map((b) => `${fmt(b)} | ${fmt((r.site / b) * 100, 1)}%`).join(" | ")} |`,
      ),
      `| **median** | | ${tput.ratios.map((ratio, i) => `| **${fmt(ratio * 100, 1)}%** (goal ≥ ${tput.baselines[i] === "nginx" ? 75 : 100}%)`).join(" | ")} |`,
      ``,
      `## Publish to visible (write response → first read showing it, ${PUBLISHES} writes each)`,
      ``,
      `| page | p50 | p95 | goal |`,
      `|---|---|---|---|`,
      `| post page | ${fmt(postVisible.p50, 1)} ms | ${fmt(postVisible.p95, 1)} ms | p50 ≤ 50 ms |`,
      `| home | ${fmt(homeVisible.p50, 1)} ms | ${fmt(homeVisible.p95, 1)} ms | p50 ≤ 50 ms |`,
      `| home wearing a saved theme (page, then its stylesheet) | ${fmt(theme.p50, 1)} ms | ${fmt(theme.p95, 1)} ms | |`,
      ``,
      `## A stored page while 64 connections flood what must be rendered (${FLOOD_SECONDS} s each)`,
      ``,
      `Misses: \`/archive?search=<random>\`. Cookies: \`/\` with \`Cookie: session=x\`. The stored page is asked for one request at a time. The last row floods the misses again while the site's job makes a video's streaming ladder (a ${String(CLIP_SECONDS)}-second 1080p upload, every rung encoded), when ffmpeg is installed; the ladder is finished before what follows.`,
      ``,
      ...floodTable(underFlood),
      ``,
      `## Resident memory under ${fmt(JUNK)} made-up URLs of each kind (16 connections), twice over`,
      ``,
      `Each reading after ${IDLE_MS / 1000} s idle, once the server's threads have collected what the flood left. What the second pass adds is what more junk costs.`,
      ``,
      `| pass | after | answers | resident memory | added by this flood | growth since start |`,
      `|---|---|---|---|---|---|`,
      `| | start | | ${fmt(memory.start)} MB | | |`,
      ...memory.rows.map((r, i) => {
        const before = i === 0 ? memory.start : (memory.rows[i - 1]?.mb ?? 0);
        return `| ${r.pass} | ${r.kind} | ${statusList(r.result)} | ${fmt(r.mb)} MB | ${fmt(r.mb - before)} MB | ${fmt(r.mb - memory.start)} MB |`;
      }),
      `| | **second pass in all** | | | **${fmt((memory.rows.at(-1)?.mb ?? 0) - (memory.rows[JUNK_KINDS.length - 1]?.mb ?? 0))} MB** | |`,
      `| | **most growth since start** | | | | **${fmt(Math.max(...memory.rows.map((r) => r.mb - memory.start)))} MB** |`,
      `| goal | | | | | every reading ≤ 50 MB |`,
      ``,
      `## Idle memory of the whole \`npm start\` tree (${IDLE_TREE_MS / 1000} s after its first pages, sample content)`,
      ``,
      `Files counted once: every process's own memory, plus each file's pages once (npm and the server run the same Node executable, whose resident pages the summed RSS counts twice). PSS divides each shared page among every process mapping it, the bench's own Node too. The goal is for the first column.`,
      ``,
      `| database | files counted once | RSS added up | PSS added up | each process (RSS) | goal |`,
      `|---|---|---|---|---|---|`,
      ...idle.map(
        (r) =>
          `| ${r.database} | ${fmt(r.memory.filesOnceMb)} MB | ${fmt(r.memory.rssSumMb)} MB | ${fmt(r.memory.pssSumMb)} MB | ${r.memory.processes.map((p) => `${processName(p.command)} ${fmt(p.rssMb)}`).join(", ")} MB | ≤ ${r.goalMb} MB |`,
      ),
      ...(BENCH_DATABASE_URL ? [] : [`| PostgreSQL | needs \`BENCH_DATABASE_URL\` | | | | ≤ 150 MB |`]),
      ``,
      `## Cold start (spawn → first 200 on /, build already made)`,
      ``,
      `| start | time |`,
      `|---|---|`,
      `| empty data directory (migrate, seed, create admin) | ${fmt(coldFirst)} ms |`,
      `| existing data directory | ${fmt(second.startMs)} ms |`,
      ...restartRows(afterCrash),
      ``,
      `## JavaScript per public page (gzip)`,
      ``,
      `| page | before any interaction | islands loaded when scrolled into view |`,
      `|---|---|---|`,
      ...js.map((j) => `| ${j.page} | ${fmt(j.beforeInteraction / 1024, 1)} KB | ${fmt(j.onVisible / 1024, 1)} KB |`),
      ``,
      `The CSS editor (\`/admin/css\`, signed in): ${fmt(theme.editor.beforeInteraction / 1024, 1)} KB gzip at load, and ${fmt(theme.editor.onDemand / 1024, 1)} KB more (CodeMirror) when the Code Editor is first opened; no public page loads any of it.`,
      ``,
      `The layout editors, signed in: the full-screen designer (\`/admin/designer\`, Konva) ${fmt(layouts.designer.beforeInteraction / 1024, 1)} KB at load; the dashboard ${fmt(layouts.dashboard.beforeInteraction / 1024, 1)} KB at load and the quick designer ${fmt(layouts.dashboard.onDemand / 1024, 1)} KB more on its first opening; the home page's in-place editor ${fmt(layouts.home.onDemand / 1024, 1)} KB, fetched only once the server has said the reader is an admin.`,
      ``,
      `## Search index (Pagefind), rebuilt whole after each change`,
      ``,
      `| site | pages indexed | rebuild (read, index, write, swap; median of 3) | bundle size |`,
      `|---|---|---|---|`,
      ...indexBuilds.map(
        (b, i) =>
          `| ${i === 0 ? "sample content" : "generated archive"} | ${fmt(b.pages)} | ${fmt(b.medianMs)} ms | ${fmt(b.bytes / 1024)} KB |`,
      ),
      ``,
      `From a post's create response until Pagefind, asked afresh over HTTP, finds it (the 1 s debounce included): p50 ${fmt(findable.p50)} ms, max ${fmt(findable.max)} ms over 5 posts.`,
      ``,
    );
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  // In this process, with no site running: rendering is a pure function of the essay.
  lines.push(...essayRenderSection(essayRenderTimes()));
  // With no site running: each archive is made by a process of its own.
  lines.push(...archiveSection(await archiveRows()));
  // With no site running: the export is read by a process of its own.
  lines.push(...wxrSection(await wxrRow()));
  // Last, and with no other site running: each size starts a site of its own.
  lines.push(...scaleSection(await scaleRows()));
  const report = lines.join("\n");
  writeFileSync(new URL("./results.md", import.meta.url), report);
  console.log(report);
}

if (process.argv[2] === "floods") await floodsOnly();
else if (process.argv[2] === "restart") await restartsOnly();
else await main();
