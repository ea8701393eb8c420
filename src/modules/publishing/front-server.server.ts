import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { hasSessionCookie } from "@/modules/auth/cookie";
import { defaultCacheControl, securityHeaders, withFrameAncestors } from "./http-policy";
import { pageKey } from "./page-key";
import type { PageStore, StoredPage } from "./page-store.server";
import { prepareAsset, preparePage, readHeaders, sendStored, type PreparedPage } from "./stored-response.server";

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
