import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchMedia, isPublicAddress, probeMedia, type FetchLimits } from "./fetch-media.server";

const IMAGE = Buffer.from("not really a jpeg, but bytes all the same");
let server: http.Server;
let origin: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "fetch-media-"));
  server = http.createServer((request, response) => {
    switch (request.url) {
      case "/a.jpg":
        response.writeHead(200, { "content-type": "image/jpeg", "content-length": IMAGE.length }).end(IMAGE);
        return;
      case "/moved":
        response.writeHead(301, { location: "/a.jpg" }).end();
        return;
      case "/to-private":
        response.writeHead(302, { location: "http://10.1.2.3/a.jpg" }).end();
        return;
      case "/loop":
        response.writeHead(302, { location: "/loop" }).end();
        return;
      case "/big-declared":
        response.writeHead(200, { "content-length": 10_000 }).end(Buffer.alloc(10_000));
        return;
      case "/big-streamed":
        // No length declared: counted as it arrives.
        response.writeHead(200);
        response.write(Buffer.alloc(600));
        response.end(Buffer.alloc(600));
        return;
      case "/silent":
        // Never answers: only the time limit ends it.
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const allowed: FetchLimits = { maxBytes: 1000, timeoutMs: 2000, privateHosts: ["127.0.0.1"] };
const target = (name: string) => path.join(dir, name);

async function refusal(address: string, limits: FetchLimits, file = target("refused")) {
  const error = await fetchMedia(address, file, limits).then(
    () => new Error("fetched"),
    (e: unknown) => e as Error,
  );
  expect(error.name).toBe("FetchRefused");
  expect(existsSync(file)).toBe(false);
  return error.message;
}

describe("fetchMedia", () => {
  it("copies a medium from a host the owner allowed, and follows a redirect", async () => {
    expect(await fetchMedia(`${origin}/a.jpg`, target("a"), allowed)).toEqual({
      bytes: IMAGE.length,
      contentType: "image/jpeg",
    });
    expect(await readFile(target("a"))).toEqual(IMAGE);
    expect((await fetchMedia(`${origin}/moved`, target("b"), allowed)).bytes).toBe(IMAGE.length);
  });

  it("never fetches from this machine or a private network unless its host was allowed", async () => {
    const closed = { ...allowed, privateHosts: [] };
    expect(await refusal(`${origin}/a.jpg`, closed)).toMatch(/127\.0\.0\.1 is on this machine or a private network/);
    // A name is checked on the address it resolves to, which is what is dialled.
    expect(await refusal(`${origin.replace("127.0.0.1", "localhost")}/a.jpg`, closed)).toMatch(
      /localhost is on this machine or a private network/,
    );
    expect(await refusal(`${origin}/to-private`, allowed)).toMatch(
      /10\.1\.2\.3 is on this machine or a private network/,
    );
    expect(await refusal("http://[::1]/a.jpg", closed)).toMatch(/::1 is on this machine/);
  });

  it("refuses other schemes, endless redirects, what the old site does not have, and files past the limit", async () => {
    expect(await refusal("ftp://example.com/a.jpg", allowed)).toMatch(/only http and https/);
    expect(await refusal("file:///etc/passwd", allowed)).toMatch(/only http and https/);
    expect(await refusal(`${origin}/loop`, allowed)).toMatch(/more than 5 redirects/);
    expect(await refusal(`${origin}/gone.jpg`, allowed)).toMatch(/answered 404/);
    expect(await refusal(`${origin}/big-declared`, allowed)).toMatch(/larger than/);
    expect(await refusal(`${origin}/big-streamed`, allowed)).toMatch(/larger than/);
  });

  it("gives up on a host that never answers, at the time limit", async () => {
    expect(await refusal(`${origin}/silent`, { ...allowed, timeoutMs: 200 })).toMatch(/no answer within 0\.2 s/);
  });
});

describe("isPublicAddress", () => {
  it("tells the public internet from this machine and private networks", () => {
    for (const address of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"]) {
      expect(isPublicAddress(address)).toBe(true);
    }
    for (const address of [
      "127.0.0.1",
      "10.0.0.8",
      "172.16.4.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "not an address",
    ]) {
      expect(isPublicAddress(address)).toBe(false);
    }
  });
});

describe("probeMedia", () => {
  it("says whether the old site still has a medium, and its size, without reading it", async () => {
    expect(await probeMedia(`${origin}/moved`, allowed)).toBe(IMAGE.length);
    await expect(probeMedia(`${origin}/gone.jpg`, allowed)).rejects.toThrow(/answered 404/);
    await expect(probeMedia(`${origin}/a.jpg`, { ...allowed, privateHosts: [] })).rejects.toThrow(/private network/);
  });
});
