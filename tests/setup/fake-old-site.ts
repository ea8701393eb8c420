import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/** An old blog's server on loopback, standing in for its CDN: what an import fetches images from. */
export interface FakeOldSite {
  origin: string;
  /** Each path asked for, in order. */
  asked: string[];
  /** Resolves when a path holding `holdAt` is asked for past the first `letThrough`; that answer waits until `release`. */
  held: Promise<void>;
  release(): void;
  close(): Promise<void>;
}

/** A small real JPEG, as an old site would serve for any image. */
export const oldSiteImage = (): Promise<Buffer> =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: "#c0ffee" } })
    .jpeg()
    .toBuffer();

/**
 * Serve a small JPEG at every path, but 404 where the path says `missing` (an image the
 * old site lost) and a page of HTML where it says `not-an-image`; the first path holding
 * `holdAt`, after the first `letThrough` of them (a dry run's question, say), is answered
 * only once the test releases it.
 */
export async function startFakeOldSite(holdAt?: string, letThrough = 0): Promise<FakeOldSite> {
  const image = await oldSiteImage();
  const asked: string[] = [];
  let arrived = (): void => undefined;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = holdAt !== undefined;
  let passed = 0;
  const server = http.createServer((request, response) => {
    const url = request.url ?? "/";
    asked.push(url);
    if (holding && holdAt && url.includes(holdAt) && passed++ >= letThrough) {
      holding = false;
      arrived();
      void released.then(() => response.writeHead(503).end());
      return;
    }
    if (url.includes("missing")) response.writeHead(404).end();
    else if (url.includes("not-an-image")) response.writeHead(200, { "content-type": "text/html" }).end("<p>Hello</p>");
    else response.writeHead(200, { "content-type": "image/jpeg", "content-length": image.length }).end(image);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    asked,
    held,
    release,
    close: async () => {
      release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
