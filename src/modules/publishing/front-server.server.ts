import { readFile } from "node:fs/promises";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import path from "node:path";
import { lookup } from "mrmime";
import { hasSessionCookie } from "@/modules/auth/cookie";
import {
  defaultCacheControl,
  IMMUTABLE,
  pickEncoding,
  PUBLIC_PAGE,
  securityHeaders,
  withFrameAncestors,
} from "./http-policy";
import { pageKey } from "./page-key";
import { compress, etagOf, type PageStore, type StoredPage } from "./page-store.server";

export interface FrontServerOptions {
  store: PageStore;
  /** Everything the store cannot answer: Astro's request handler. */
  astro: RequestListener;
  https: boolean;
  /** The build's client folder: its fingerprinted `_astro` assets are sent compressed. */
  clientDir?: string;
}

// Text assets worth compressing; images and fonts are compressed already.
const COMPRESSIBLE_ASSET = /^\/_astro\/[\w.-]+\.(?:js|css|svg|json|mjs)$/;

/**
 * The site's request handler. A stored public page is answered here, before Astro's
 * pipeline runs: no routing, no middleware, no database, no session lookup. Everything
 * else goes to Astro, with security headers and a Cache-Control chosen by kind.
 */
export function createFrontHandler({ store, astro, https, clientDir }: FrontServerOptions): RequestListener {
  const security = Object.entries(securityHeaders(https));
  const assets = new Map<string, Promise<PreparedPage | null>>();
  const asset = (url: string) => {
    let ready = assets.get(url);
    if (!ready) assets.set(url, (ready = clientDir ? prepareAsset(clientDir, url, security) : Promise.resolve(null)));
    return ready;
  };
  // A hit is the hot path: each stored page's three responses are prepared once, then
  // sent with one writeHead, with no URL parsing for paths without a query.
  const prepared = new WeakMap<StoredPage, PreparedPage>();
  return (req, res) => {
    const url = req.url ?? "/";
    const wanted = readHeaders(req.rawHeaders);
    const signedIn = wanted.cookie !== undefined && hasSessionCookie(wanted.cookie);
    if ((req.method === "GET" || req.method === "HEAD") && !signedIn) {
      const page = store.get(url.includes("?") ? pageKey(new URL(url, "http://site")) : url);
      if (page) {
        let ready = prepared.get(page);
        if (!ready) prepared.set(page, (ready = preparePage(page, security)));
        sendStored(req, res, page.status, ready, wanted);
        return;
      }
    }
    if (clientDir && (req.method === "GET" || req.method === "HEAD") && COMPRESSIBLE_ASSET.test(url)) {
      void asset(url).then((ready) => {
        if (ready) sendStored(req, res, 200, ready, wanted);
        else pass(req, res, url, signedIn);
      });
      return;
    }
    pass(req, res, url, signedIn);
  };

  function pass(req: IncomingMessage, res: ServerResponse, url: string, signedIn: boolean): void {
    for (const [name, value] of security) res.setHeader(name, value);
    completeHeaders(res, url.split("?")[0] ?? "/", signedIn);
    astro(req, res);
  }
}

/** A build asset read and compressed once; null when there is no such file (Astro answers 404). */
async function prepareAsset(
  clientDir: string,
  url: string,
  security: [string, string][],
): Promise<PreparedPage | null> {
  const identity = await readFile(path.join(clientDir, url)).catch(() => null);
  if (!identity) return null;
  const { br, gzip } = await compress(identity);
  const type = lookup(url) ?? "application/octet-stream";
  const page: StoredPage = {
    status: 200,
    headers: [
      ["content-type", type.startsWith("text/") || type.endsWith("javascript") ? `${type}; charset=utf-8` : type],
    ],
    identity,
    br,
    gzip,
    etag: etagOf(identity),
    tags: [],
    expiresAt: Infinity,
    usedAt: 0,
  };
  return preparePage(page, security, IMMUTABLE, false);
}

interface PreparedResponse {
  etag: string;
  /** Flat name, value, name, value… as writeHead takes them fastest. */
  headers: string[];
  notModified: string[];
  body: Buffer;
}

type PreparedPage = Record<"br" | "gzip" | "identity", PreparedResponse>;

function preparePage(page: StoredPage, security: [string, string][], cacheControl?: string, hit = true): PreparedPage {
  const base = new Map<string, string>(security.map(([n, v]) => [n.toLowerCase(), v]));
  for (const [name, value] of page.headers) base.set(name.toLowerCase(), value);
  base.set("content-security-policy", withFrameAncestors(base.get("content-security-policy")));
  base.set("vary", "Accept-Encoding");
  base.set("cache-control", cacheControl ?? (page.status === 200 ? PUBLIC_PAGE : "public, max-age=10"));
  if (hit) base.set("x-astro-cache", "HIT");
  const variant = (encoding: "br" | "gzip" | "identity", body: Buffer): PreparedResponse => {
    // Each encoding is its own representation, so each gets its own validator.
    const etag = encoding === "identity" ? page.etag : `${page.etag.slice(0, -1)}-${encoding}"`;
    const notModified = new Map(base).set("etag", etag);
    const headers = new Map(notModified).set("content-length", String(body.length));
    if (encoding !== "identity") headers.set("content-encoding", encoding);
    return { etag, body, headers: [...headers].flat(), notModified: [...notModified].flat() };
  };
  return { br: variant("br", page.br), gzip: variant("gzip", page.gzip), identity: variant("identity", page.identity) };
}

interface WantedHeaders {
  cookie?: string;
  acceptEncoding?: string;
  ifNoneMatch?: string;
}

// Reading `req.headers` makes Node build an object of every header; a hit needs three.
function readHeaders(raw: string[]): WantedHeaders {
  const wanted: WantedHeaders = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] ?? "";
    if (name.length === 6 && name.toLowerCase() === "cookie") wanted.cookie = raw[i + 1];
    else if (name.length === 15 && name.toLowerCase() === "accept-encoding") wanted.acceptEncoding = raw[i + 1];
    else if (name.length === 13 && name.toLowerCase() === "if-none-match") wanted.ifNoneMatch = raw[i + 1];
  }
  return wanted;
}

function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  page: PreparedPage,
  wanted: WantedHeaders,
): void {
  const variant = page[pickEncoding(wanted.acceptEncoding)];
  if (wanted.ifNoneMatch === variant.etag) {
    res.writeHead(304, variant.notModified).end();
    return;
  }
  res.writeHead(status, variant.headers);
  res.end(req.method === "HEAD" ? undefined : variant.body);
}

/**
 * As Astro writes its response head: a Cache-Control by kind when the route chose none,
 * and framing forbidden in whatever CSP the page brought (Astro's replaces ours).
 */
function completeHeaders(res: ServerResponse, path: string, signedIn: boolean): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = (status: number, ...rest: unknown[]) => {
    const given = rest.find(
      (r): r is Record<string, unknown> => typeof r === "object" && r !== null && !Array.isArray(r),
    );
    const find = (name: string) => Object.keys(given ?? {}).find((h) => h.toLowerCase() === name);
    if (!res.hasHeader("Cache-Control") && !find("cache-control")) {
      res.setHeader("Cache-Control", defaultCacheControl(path, status, signedIn));
    }
    const cspName = find("content-security-policy");
    if (given && cspName) given[cspName] = withFrameAncestors(String(given[cspName]));
    else
      res.setHeader(
        "Content-Security-Policy",
        withFrameAncestors(res.getHeader("Content-Security-Policy")?.toString()),
      );
    return writeHead(status, ...rest);
  };
}
