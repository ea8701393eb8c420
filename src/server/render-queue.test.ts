import http, { type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFrontHandler } from "./front-handler";
import { PageStore } from "../modules/publishing/page-store.server";

// Astro stands behind the front server; here each render waits until the test lets it end.
const held: (() => void)[] = [];
const rendering = new Set<string>();
const upstream: RequestListener = (req, res) => {
  rendering.add(req.url ?? "");
  held.push(() => res.writeHead(200, { "Content-Type": "text/html" }).end(`rendered ${req.url}`));
};

const store = new PageStore();
let server: http.Server;
let received = 0;
let origin: string;

beforeAll(async () => {
  const handler = createFrontHandler({
    store,
    astro: upstream,
    https: false,
    renders: { concurrency: 2, maxWaiting: 2 },
  });
  server = http.createServer((req, res) => {
    received += 1;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stored = { status: 200, headers: [["content-type", "text/html"]] as [string, string][], tags: [] };
  await store.put("/", { ...stored, body: Buffer.from("stored home"), maxAgeSeconds: 60 }, store.epoch());
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe("the render queue", () => {
  it("renders a few at a time, turns away the overflow with 503, and never delays a stored page", async () => {
    const misses = ["/a", "/b", "/c", "/d"].map((path) => fetch(origin + path));
    await until(() => rendering.size === 2);
    const overflow = await fetch(origin + "/e");
    expect(overflow.status).toBe(503);
    expect(overflow.headers.get("retry-after")).toBe("1");

    const hit = await fetch(origin + "/");
    expect(hit.status).toBe(200);
    expect(await hit.text()).toBe("stored home");

    // Each finished render lets one waiting request in.
    held.shift()?.();
    await until(() => rendering.size === 3);
    while (rendering.size < 4 || held.length > 0) {
      held.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const answered = await Promise.all(misses);
    expect(answered.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(await Promise.all(answered.map((res) => res.text()))).toEqual(
      ["/a", "/b", "/c", "/d"].map((path) => `rendered ${path}`),
    );
  });

  it("skips a request whose client gave up while waiting", async () => {
    rendering.clear();
    const before = received;
    const first = [fetch(origin + "/f"), fetch(origin + "/g")];
    await until(() => rendering.size === 2);
    const gaveUp = new AbortController();
    const abandoned = fetch(origin + "/h", { signal: gaveUp.signal }).catch(() => "aborted");
    const waiting = fetch(origin + "/i");
    // Both wait; the first client leaves before its turn, and the server sees it go.
    await until(() => received === before + 4);
    const connections = () =>
      new Promise<number>((resolve) =>
        server.getConnections((_, n) => {
          resolve(n);
        }),
      );
    const open = await connections();
    gaveUp.abort();
    expect(await abandoned).toBe("aborted");
    while ((await connections()) === open) await new Promise((resolve) => setImmediate(resolve));
    held.shift()?.();
    await until(() => rendering.has("/i"));
    expect(rendering.has("/h")).toBe(false);
    while (held.length > 0) held.shift()?.();
    await Promise.all([...first, waiting]);
  });
});
