import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { hasSessionCookie } from "@/modules/auth/cookie";
import { defaultCacheControl, pickEncoding, PUBLIC_PAGE, securityHeaders, withFrameAncestors } from "./http-policy";
import { pageKey } from "./page-key";
import type { PageStore, StoredPage } from "./page-store.server";

export interface FrontServerOptions {
  store: PageStore;
  /** Everything the store cannot answer: Astro's request handler. */
  astro: RequestListener;
  https: boolean;
}

/**
 * The site's request handler. A stored public page is answered here, before Astro's
 * pipeline runs: no routing, no middleware, no database, no session lookup. Everything
 * else goes to Astro, with security headers and a Cache-Control chosen by kind.
 */
export function createFrontHandler({ store, astro, https }: FrontServerOptions): RequestListener {
  const security = Object.entries(securityHeaders(https));
  return (req, res) => {
    for (const [name, value] of security) res.setHeader(name, value);
    const signedIn = hasSessionCookie(req.headers.cookie);
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if ((req.method === "GET" || req.method === "HEAD") && !signedIn) {
      const page = store.get(pageKey(new URL(req.url ?? "/", "http://site")));
      if (page) {
        sendStored(req, res, page);
        return;
      }
    }
    completeHeaders(res, path, signedIn);
    astro(req, res);
  };
}

function sendStored(req: IncomingMessage, res: ServerResponse, page: StoredPage): void {
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  // Each encoding is its own representation, so each gets its own validator.
  const etag = encoding === "identity" ? page.etag : `${page.etag.slice(0, -1)}-${encoding}"`;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", withFrameAncestors(res.getHeader("Content-Security-Policy")?.toString()));
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", etag);
  res.setHeader("Cache-Control", page.status === 200 ? PUBLIC_PAGE : "public, max-age=10");
  res.setHeader("X-Astro-Cache", "HIT");
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304).end();
    return;
  }
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.writeHead(page.status);
  res.end(req.method === "HEAD" ? undefined : body);
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
