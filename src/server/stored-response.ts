import type { IncomingMessage, ServerResponse } from "node:http";
import { cdnCacheControl, pickEncoding, PUBLIC_PAGE, withFrameAncestors } from "../lib/http-policy";
import type { StoredPage } from "@/modules/publishing/stored-page.server";

// A stored page's responses, prepared once per page so a hit is one writeHead and one
// write: the front server's hot path (src/server/front-handler.ts).

interface PreparedResponse {
  etag: string;
  /** Flat name, value, name, value… as writeHead takes them fastest. */
  headers: string[];
  notModified: string[];
  body: Buffer;
}

export type PreparedPage = Record<"br" | "gzip" | "identity", PreparedResponse>;

/** What a prepared response is made of: a stored page (with its content tags), or a build asset. */
export type ResponseBytes = Pick<StoredPage, "status" | "headers" | "identity" | "br" | "gzip" | "etag"> &
  Partial<Pick<StoredPage, "tags">>;

export function preparePage(page: ResponseBytes, security: [string, string][], cacheControl?: string): PreparedPage {
  const base = new Map<string, string>(security.map(([n, v]) => [n.toLowerCase(), v]));
  for (const [name, value] of page.headers) base.set(name.toLowerCase(), value);
  base.set("content-security-policy", withFrameAncestors(base.get("content-security-policy")));
  base.set("vary", "Accept-Encoding");
  // A route that chose its own lifetime (the feeds' five minutes) keeps it, hit or miss.
  const chosen = cacheControl ?? base.get("cache-control") ?? PUBLIC_PAGE;
  base.set("cache-control", chosen);
  const cdn = cdnCacheControl(chosen);
  if (cdn) base.set("cdn-cache-control", cdn);
  // What the page shows, so a CDN in front can purge it by tag when that content changes.
  if (page.tags?.length) base.set("cache-tag", page.tags.join(","));
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

/**
 * A page just rendered and stored, as the visitor who asked for it gets it: the same bytes,
 * encoding and validator every later hit sends. It is marked as a miss for the front
 * server alone, which adds the page's tags and removes the mark.
 */
export function storedResponse(page: StoredPage, acceptEncoding: string | null, ifNoneMatch: string | null): Response {
  const variant = preparePage(page, [])[pickEncoding(acceptEncoding ?? undefined)];
  const notModified = ifNoneMatch === variant.etag;
  const headers = new Headers();
  const flat = notModified ? variant.notModified : variant.headers;
  for (let i = 0; i < flat.length; i += 2) headers.set(flat[i] ?? "", flat[i + 1] ?? "");
  headers.set("x-astro-cache", "MISS");
  if (notModified) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(variant.body), { status: page.status, headers });
}

export interface WantedHeaders {
  cookie?: string;
  acceptEncoding?: string;
  ifNoneMatch?: string;
}

// Reading `req.headers` makes Node build an object of every header; a hit needs three.
export function readHeaders(raw: string[]): WantedHeaders {
  const wanted: WantedHeaders = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] ?? "";
    if (name.length === 6 && name.toLowerCase() === "cookie") {
      // Several Cookie lines are one list (RFC 9113 §8.2.3), as Astro reads them.
      const value = raw[i + 1] ?? "";
      wanted.cookie = wanted.cookie === undefined ? value : `${wanted.cookie}; ${value}`;
    } else if (name.length === 15 && name.toLowerCase() === "accept-encoding") wanted.acceptEncoding = raw[i + 1];
    else if (name.length === 13 && name.toLowerCase() === "if-none-match") wanted.ifNoneMatch = raw[i + 1];
  }
  return wanted;
}

export function sendStored(
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
