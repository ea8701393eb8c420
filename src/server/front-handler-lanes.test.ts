import http, { type RequestListener, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createFrontHandler } from "./front-handler";
import { PageStore } from "../modules/publishing/page-store.server";

// Requests the upstream holds open, as a slow AI or bucket would, until the test lets go.
const held: ServerResponse[] = [];
const upstream: RequestListener = (req, res) => {
  if (req.url === "/api/nickname/generate" || req.url?.startsWith("/uploads/")) {
    held.push(res);
    return;
  }
  res.writeHead(200, { "Content-Type": "text/html" }).end("<p>rendered</p>");
};

let server: http.Server;
let origin: string;

beforeAll(async () => {
  // One render turn and no waiting, so any request holding that turn shows as a 503.
  const handler = createFrontHandler({
    store: new PageStore(),
    astro: upstream,
    https: false,
    renders: { concurrency: 1, maxWaiting: 0 },
    outsideCalls: { concurrency: 2, maxWaiting: 0 },
  });
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.end();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it("calls that wait on an outside service never hold the turns pages render in", async () => {
  const nickname = fetch(`${origin}/api/nickname/generate`, { method: "POST", body: "{}" });
  const file = fetch(`${origin}/uploads/images/a.png`);
  await expect.poll(() => held.length).toBe(2);
  // Both outside turns are taken, and still a page renders.
  const page = await fetch(`${origin}/archive`);
  expect(page.status).toBe(200);
  expect(await page.text()).toBe("<p>rendered</p>");
  // The outside calls' own turns are bounded: a third is turned away, not queued behind them.
  const third = await fetch(`${origin}/api/nickname/generate`, { method: "POST", body: "{}" });
  expect(third.status).toBe(503);
  for (const res of held.splice(0)) res.writeHead(200).end("ok");
  expect((await nickname).status).toBe(200);
  expect((await file).status).toBe(200);
});
