import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http, { type RequestListener } from "node:http";
import os from "node:os";
import path from "node:path";
import net, { type AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PagefindFiles } from "@/modules/search/pagefind-files.server";
import { createFrontHandler } from "./front-handler";
import { PageStore } from "../modules/publishing/page-store.server";

// Astro stands behind the front server; here a fake upstream counts what reaches it.
let upstreamCalls = 0;
const upstream: RequestListener = (req, res) => {
  upstreamCalls += 1;
  if (req.url?.startsWith("/api/")) {
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end("{}");
    return;
  }
  if (req.url === "/just-stored" || req.url === "/just-stored-by-set-header") {
    // As the cache provider marks a page it has just stored, for the front server alone.
    if (req.url === "/just-stored") res.writeHead(200, { "Content-Type": "text/html", "X-Astro-Cache": "MISS" });
    else res.setHeader("X-Astro-Cache", "MISS").writeHead(200, { "Content-Type": "text/html" });
    res.end("<p>rendered</p>");
    return;
  }
  res.writeHead(req.url === "/missing" ? 404 : 200, {
    "Content-Type": "text/html",
    "Content-Security-Policy": "script-src 'self' 'sha256-abc'",
  });
  res.end("<p>rendered</p>");
};

const store = new PageStore();
let server: http.Server;
let origin: string;
const clientDir = mkdtempSync(path.join(os.tmpdir(), "meh-client-"));
const searchIndex = new PagefindFiles(path.join(clientDir, "pagefind"));

beforeAll(async () => {
  mkdirSync(path.join(clientDir, "_astro"));
  writeFileSync(path.join(clientDir, "_astro", "island.abc123.js"), "export const meh = 1;\n".repeat(200));
  await searchIndex.install([
    { path: "pagefind.js", content: Buffer.from("export const search = () => [];\n".repeat(100)) },
    { path: "fragment/en_1a2b3c.pf_fragment", content: Buffer.from([31, 139, 8, 0]) },
  ]);
  server = http.createServer(createFrontHandler({ store, astro: upstream, https: true, clientDir, searchIndex }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await store.put(
    "/post/kept",
    {
      status: 200,
      headers: [
        ["content-type", "text/html; charset=utf-8"],
        ["content-security-policy", "script-src 'self'"],
      ],
      body: Buffer.from("<p>stored page</p>".repeat(40)),
      tags: ["post:1"],
      maxAgeSeconds: 60,
    },
    store.epoch(),
  );
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(origin + path, { headers });

describe("a stored page", () => {
  it("is answered without the pipeline, compressed as asked, without saying it was stored", async () => {
    const before = upstreamCalls;
    const res = await fetch(origin + "/post/kept", { headers: { "Accept-Encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-astro-cache")).toBeNull();
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=10");
    expect(res.headers.get("cdn-cache-control")).toBe("public, max-age=10, stale-while-revalidate=60");
    expect(upstreamCalls).toBe(before);
    // fetch decodes br itself; the raw bytes are checked with node:http below.
    expect(await res.text()).toContain("stored page");
  });

  it("sends brotli, gzip or plain bytes by Accept-Encoding", async () => {
    const raw = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve) => {
        http.get(`${origin}/post/kept`, { headers: { "Accept-Encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            resolve({ headers: res.headers, body: Buffer.concat(chunks) });
          });
        });
      });
    const br = await raw("gzip, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toContain("stored page");
    expect((await raw("gzip")).headers["content-encoding"]).toBe("gzip");
    const plain = await raw("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toContain("stored page");
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const first = await get("/post/kept", { "Accept-Encoding": "gzip" });
    const etag = first.headers.get("etag") ?? "";
    const again = await get("/post/kept", { "Accept-Encoding": "gzip", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await get("/post/kept", { "Accept-Encoding": "br", "If-None-Match": etag })).status).toBe(200);
  });

  it("is never served to a signed-in visitor", async () => {
    const before = upstreamCalls;
    const res = await get("/post/kept", { Cookie: `__Host-session=${"a".repeat(24)}.${"b".repeat(24)}` });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(upstreamCalls).toBe(before + 1);
  });

  it("is served to a session cookie no token could be, so junk cookies cannot bypass the store", async () => {
    const before = upstreamCalls;
    for (const cookie of ["__Host-session=x", `__Host-session=${"a".repeat(24)}.${"b".repeat(24)}; __Host-session=y`]) {
      expect(await (await get("/post/kept", { Cookie: cookie })).text(), cookie).toContain("stored page");
    }
    expect(upstreamCalls).toBe(before);
  });

  it("is never served when the token comes on one of several Cookie lines", async () => {
    const token = `__Host-session=${"a".repeat(24)}.${"b".repeat(24)}`;
    const head = (cookies: string[]) =>
      new Promise<string>((resolve) => {
        const lines = cookies.map((cookie) => `Cookie: ${cookie}\r\n`).join("");
        const socket = net.connect(Number(new URL(origin).port), "127.0.0.1", () => {
          socket.end(`GET /post/kept HTTP/1.1\r\nHost: site\r\n${lines}Connection: close\r\n\r\n`);
        });
        let text = "";
        socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
        socket.on("end", () => {
          resolve(text);
        });
      });
    expect(await head(["theme=grey"])).toContain("stored page");
    expect(await head([token, "theme=grey"])).toContain("rendered");
    expect(await head(["theme=grey", token])).toContain("rendered");
  });
});

describe("whether a page was stored", () => {
  it("is told to no one: a page just stored keeps its tags and loses the mark, however it was set", async () => {
    await store.put(
      "/just-stored",
      { status: 200, headers: [], body: Buffer.from("x"), tags: ["post:2"], maxAgeSeconds: 60 },
      store.epoch(),
    );
    await store.put(
      "/just-stored-by-set-header",
      { status: 200, headers: [], body: Buffer.from("x"), tags: ["post:3"], maxAgeSeconds: 60 },
      store.epoch(),
    );
    // A session cookie sends both past the store, to the upstream that marks them.
    const cookie = { Cookie: `__Host-session=${"a".repeat(24)}.${"b".repeat(24)}` };
    const first = await get("/just-stored", cookie);
    expect(await first.text()).toBe("<p>rendered</p>");
    expect(first.headers.get("x-astro-cache")).toBeNull();
    expect(first.headers.get("cache-tag")).toBe("post:2");
    const second = await get("/just-stored-by-set-header", cookie);
    expect(second.headers.get("x-astro-cache")).toBeNull();
    expect(second.headers.get("cache-tag")).toBe("post:3");
  });
});

describe("every response", () => {
  it("carries the security headers and forbids framing in the page's own CSP", async () => {
    for (const path of ["/post/kept", "/other", "/api/x"]) {
      const res = await get(path);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get("strict-transport-security"), path).toContain("max-age=");
      expect(res.headers.get("x-powered-by"), path).toBeNull();
    }
    expect((await get("/other")).headers.get("content-security-policy")).toContain("sha256-abc");
  });

  it("gets a Cache-Control by kind when its route chose none", async () => {
    const other = await get("/other");
    expect(other.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=10");
    expect(other.headers.get("cdn-cache-control")).toBe("public, max-age=10, stale-while-revalidate=60");
    expect((await get("/missing")).headers.get("cache-control")).toBe(
      "public, max-age=0, must-revalidate, s-maxage=10",
    );
    expect((await get("/api/x")).headers.get("cache-control")).toBe("no-store");
    expect((await get("/admin/posts")).headers.get("cache-control")).toBe("no-store");
  });
});

describe("build assets", () => {
  it("are sent compressed once, with immutable caching, without reaching Astro", async () => {
    const before = upstreamCalls;
    const res = await get("/_astro/island.abc123.js", { "Accept-Encoding": "br" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toContain("export const meh = 1;");
    expect(upstreamCalls).toBe(before);
  });

  it("answer a name outside the build with a plain 404, without reaching Astro", async () => {
    const before = upstreamCalls;
    for (const junk of ["/_astro/missing.js", "/_astro/x.png", "/_astro/island.abc123.js.map"]) {
      const res = await get(junk);
      expect(res.status, junk).toBe(404);
      expect(res.headers.get("x-content-type-options"), junk).toBe("nosniff");
    }
    expect(upstreamCalls).toBe(before);
  });
});

describe("the search index's files", () => {
  it("are sent from disk by the front server, with their type, caching and the worker's CSP", async () => {
    const before = upstreamCalls;
    const script = await get("/pagefind/pagefind.js", { "Accept-Encoding": "br" });
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("content-encoding")).toBe("br");
    expect(script.headers.get("cache-control")).toBe("no-cache");
    expect(script.headers.get("x-content-type-options")).toBe("nosniff");
    expect(script.headers.get("content-security-policy")).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(await script.text()).toContain("export const search");
    const part = await get("/pagefind/fragment/en_1a2b3c.pf_fragment?ts=1");
    expect(part.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(part.headers.get("content-type")).toBe("application/octet-stream");
    expect(Buffer.from(await part.arrayBuffer())).toEqual(Buffer.from([31, 139, 8, 0]));
    expect(upstreamCalls).toBe(before);
  });

  it("revalidate: a current copy gets 304, and HEAD gets headers alone", async () => {
    const first = await get("/pagefind/pagefind.js");
    const etag = first.headers.get("etag") ?? "";
    expect((await get("/pagefind/pagefind.js", { "If-None-Match": etag })).status).toBe(304);
    const head = await fetch(origin + "/pagefind/pagefind.js", {
      method: "HEAD",
      headers: { "Accept-Encoding": "identity" },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String("export const search = () => [];\n".length * 100));
  });

  it("answer any other name, or a write, with a 404 that is not kept", async () => {
    const before = upstreamCalls;
    for (const url of ["/pagefind/pagefind-ui.js", "/pagefind/fragment/en_ffffff.pf_fragment", "/pagefind/current"]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    expect((await fetch(origin + "/pagefind/pagefind.js", { method: "POST" })).status).toBe(404);
    expect(upstreamCalls).toBe(before);
  });
});

describe("a method the site does not answer", () => {
  it("is refused with 405 and the methods it does answer", async () => {
    const before = upstreamCalls;
    for (const method of ["TRACE", "PROPFIND"]) {
      const res = await new Promise<http.IncomingMessage>((resolve) =>
        http.request(`${origin}/post/kept`, { method }, resolve).end(),
      );
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toContain("GET");
      res.resume();
    }
    expect(upstreamCalls).toBe(before);
  });
});
