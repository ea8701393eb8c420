// What more than one bench section measures: requests per second against a static server on
// the same bytes, the bytes as sent, signing in, and how soon a published change is visible.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import autocannon from "autocannon";
import { ADMIN, childrenOf } from "./site";
import { startStaticServers, type PageHeaders } from "./static-server";

/** The stored page the throughput and flood sections ask for. */
export const PAGE = "/post/the-sandwich-was-fine";

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

// wrk (C) drives far more requests per core than autocannon (Node), so with it the load
// generator is less often the bottleneck; autocannon is the fallback that installs anywhere.
const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;
export const LOAD_GENERATOR = hasWrk ? "wrk" : "autocannon";

async function requestsPerSecond(url: string, seconds: number): Promise<number> {
  if (hasWrk) {
    const run = spawnSync("wrk", ["-t1", "-c32", `-d${seconds}s`, "-H", "Accept-Encoding: br", url], {
      encoding: "utf8",
    });
    const rate = /Requests\/sec:\s*([\d.]+)/.exec(run.stdout)?.[1];
    if (!rate || /Non-2xx|Socket errors/.test(run.stdout)) throw new Error(`${url}: ${run.stdout}`);
    return Number(rate);
  }
  const result = await autocannon({ url, connections: 32, duration: seconds, headers: { "accept-encoding": "br" } });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** The bytes as sent (fetch would decompress them). */
export function rawGet(
  url: string,
  encoding = "br",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}

export interface Throughput {
  bytes: number;
  /** The static servers on the same bytes: nginx first when installed, then bare Node. */
  baselines: string[];
  /** Each round's requests per second: the site's, then each baseline's, in `baselines`' order. */
  rounds: { site: number; baselines: number[] }[];
  /** For each baseline, the median of the rounds' ratios (the site's rate over the baseline's). */
  ratios: number[];
}

/**
 * The stored post page's requests per second against static servers sending the same bytes
 * and headers (`firstOnly`: nginx alone when installed), in interleaved rounds, so drift in
 * the machine's speed cancels out.
 */
export async function throughput(
  origin: string,
  rounds: number,
  seconds: number,
  firstOnly = false,
): Promise<Throughput> {
  // The bytes and headers a visitor gets for the stored page.
  await untilStored(origin, PAGE);
  const stored = await rawGet(origin + PAGE);
  const body = stored.body;
  const skip = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);
  const headers: PageHeaders = Object.entries(stored.headers)
    .filter(([name]) => !skip.has(name))
    .map(([name, value]) => [name, String(value)]);
  const baselines = await startStaticServers(body, headers, firstOnly);
  const results: Throughput["rounds"] = [];
  try {
    for (const url of [origin + PAGE, ...baselines.map((b) => b.url)]) await requestsPerSecond(url, seconds);
    for (let round = 0; round < rounds; round++) {
      const site = await requestsPerSecond(origin + PAGE, seconds);
      const others: number[] = [];
      for (const baseline of baselines) others.push(await requestsPerSecond(baseline.url, seconds));
      results.push({ site, baselines: others });
    }
  } finally {
    await Promise.all(baselines.map((b) => b.stop()));
  }
  return {
    bytes: body.length,
    baselines: baselines.map((b) => b.name),
    rounds: results,
    ratios: baselines.map((_, i) => median(results.map((r) => r.site / (r.baselines[i] ?? Infinity)))),
  };
}

/**
 * What the page store holds for `path` ("fresh", "stale" or "absent"), asked as the admin:
 * no response tells a visitor whether it was stored.
 */
export async function cacheState(origin: string, path: string): Promise<string> {
  const response = await fetch(`${origin}/api/pages/cache-state?path=${encodeURIComponent(path)}`, {
    headers: await adminSession(origin),
  });
  if (!response.ok) throw new Error(`cache state of ${path}: ${response.status}`);
  return ((await response.json()) as { state: string }).state;
}

/** Read `path` until the store answers it: a write before may have dropped it. */
export async function untilStored(origin: string, path: string): Promise<void> {
  while ((await cacheState(origin, path)) !== "fresh") await (await fetch(origin + path)).arrayBuffer();
}

const sessions = new Map<string, Promise<Record<string, string>>>();

/** One admin session per site, for asking the store; sign-ins are throttled per client. */
function adminSession(origin: string): Promise<Record<string, string>> {
  let session = sessions.get(origin);
  if (!session) sessions.set(origin, (session = signIn(origin)));
  return session;
}

export async function signIn(origin: string): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify(ADMIN),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return { Cookie: cookie, Origin: origin, "Content-Type": "application/json" };
}

/** Milliseconds from a write's response to the first read of `path` that shows it, over `writes` writes. */
export async function publishToVisible(origin: string, path: (slug: string) => string, writes: number) {
  const auth = await signIn(origin);
  const post = { excerpt: "Bench.", content: "Measured, not admired.", category: "Meh Moments" };
  const created = await fetch(`${origin}/api/posts`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ ...post, title: "Bench Post" }),
  });
  const { id, slug } = (await created.json()) as { id: number; slug: string };
  const samples: number[] = [];
  for (let i = 0; i < writes; i++) {
    await fetch(origin + path(slug));
    const title = `Bench Post ${i}-${Date.now()}`;
    const write = await fetch(`${origin}/api/posts/${id}`, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ ...post, title }),
    });
    if (!write.ok) throw new Error(`write failed: ${write.status}`);
    const start = performance.now();
    while (!(await (await fetch(origin + path(slug))).text()).includes(title)) {
      if (performance.now() - start > 5000) throw new Error("the change never became visible");
    }
    samples.push(performance.now() - start);
  }
  await fetch(`${origin}/api/posts/${id}`, { method: "DELETE", headers: auth });
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** CPU seconds a process and its descendants have used (Linux: read from /proc). */
function cpuSeconds(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return 0;
  }
  // After the command's closing parenthesis: state, then ..., utime and stime (fields 14, 15), in ticks.
  const fields = stat.split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return ticks / 100 + childrenOf(pid).reduce((sum, child) => sum + cpuSeconds(child), 0);
}

/**
 * Wait until a process (and what it started) has been idle for a second: less than 5% of a
 * core. A site rebuilds its search index after it starts; figures taken meanwhile measure that.
 */
export async function settled(pid: number, timeoutMs = 120_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  let before = cpuSeconds(pid);
  while (performance.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    if (now - before < 0.05) return;
    before = now;
  }
  throw new Error(`the site was still busy after ${timeoutMs / 1000} s`);
}
