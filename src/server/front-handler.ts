import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { carriesSessionToken } from "@/modules/auth/cookie";
import { HIT_PATH } from "@/modules/analytics/hit";
import type { PagefindFiles } from "@/modules/search/pagefind-files.server";
import { PAGEFIND_PREFIX, sendIndexFile } from "@/server/pagefind-response.server";
import { ASSETS_PREFIX, BuildAssets } from "./build-assets";
import {
  defaultCacheControl,
  NO_STORE,
  cdnCacheControl,
  securityHeaders,
  waitsOnOutside,
  withFrameAncestors,
} from "../lib/http-policy";
import { pageKey } from "../modules/publishing/page-key";
import type { StoredPage } from "../modules/publishing/stored-page.server";
import { RenderQueue, type RenderQueueOptions } from "./render-queue";
import { failRequest } from "./request-guard";
import type { BeaconTaker } from "./take-hit";
import { preparePage, readHeaders, sendStored, type PreparedPage } from "./stored-response";

export interface FrontServerOptions {
  /** The fresh stored pages: the page store, or the front server's copy of the worker's. */
  store: { get(key: string): StoredPage | undefined };
  /** Everything the store cannot answer: Astro's request handler. */
  astro: RequestListener;
  https: boolean;
  /** The build's client folder: its fingerprinted `_astro` assets are sent compressed. */
  clientDir?: string;
  /** The search index's files, served at `/pagefind/`. */
  searchIndex?: PagefindFiles;
  /** How many requests Astro works on at once, and how many may wait (see RenderQueue). */
  renders?: RenderQueueOptions;
  /** The same for requests that wait on something outside the site (see waitsOnOutside). */
  outsideCalls?: RenderQueueOptions;
  /** Answers the pages' analytics beacons here, without a render (`take-hit.ts`). */
  beacons?: BeaconTaker;
}

// What the site answers; anything else (TRACE, CONNECT, made-up methods) is refused here.
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The site's request handler. A stored public page is answered here, before Astro's
 * pipeline runs: no routing, no middleware, no database, no session lookup. Build assets
 * and the search index's files are answered here too. Everything else goes to Astro, a few requests at a time, with
 * security headers and a Cache-Control chosen by kind.
 */
export function createFrontHandler({
  store,
  astro,
  https,
  clientDir,
  searchIndex,
  beacons,
  renders = { concurrency: 4, maxWaiting: 64 },
  // Mostly waiting, not working: more at once than renders, each answering locally when its
  // service is busy (the nickname generator's gate).
  outsideCalls = { concurrency: 32, maxWaiting: 256 },
}: FrontServerOptions): RequestListener {
  const security = Object.entries(securityHeaders(https));
  const assets = clientDir ? new BuildAssets(clientDir, security) : undefined;
  const queue = new RenderQueue(renders);
  const outsideQueue = new RenderQueue(outsideCalls);
  // A hit is the hot path: each stored page's three responses are prepared once, then
  // sent with one writeHead, with no URL parsing for paths without a query.
  const prepared = new WeakMap<StoredPage, PreparedPage>();
  return (req, res) => {
    const url = req.url ?? "/";
    const method = req.method ?? "GET";
    if (!METHODS.has(method)) {
      plain(res, 405, "Method not allowed", { Allow: [...METHODS].join(", ") });
      return;
    }
    const wanted = readHeaders(req.rawHeaders);
    const signedIn = wanted.cookie !== undefined && carriesSessionToken(wanted.cookie, https);
    const isRead = method === "GET" || method === "HEAD";
    if (isRead && !signedIn) {
      const page = store.get(url.includes("?") ? pageKey(new URL(url, "http://site")) : url);
      if (page) {
        let ready = prepared.get(page);
        if (!ready) prepared.set(page, (ready = preparePage(page, security)));
        sendStored(req, res, page.status, ready, wanted);
        return;
      }
    }
    const pathname = url.split("?")[0] ?? "/";
    if (beacons && pathname === HIT_PATH) {
      beacons(req, res, { method, cookie: wanted.cookie, signedIn, security });
      return;
    }
    if (searchIndex && pathname.startsWith(PAGEFIND_PREFIX)) {
      const file = isRead ? searchIndex.lookup(pathname.slice(PAGEFIND_PREFIX.length)) : undefined;
      // Not cached: the index may be a moment from being built.
      if (file) sendIndexFile(req, res, file, wanted, security);
      else plain(res, 404, "Not found");
      return;
    }
    if (assets && pathname.startsWith(ASSETS_PREFIX)) {
      if (!isRead || !assets.has(pathname)) {
        plain(res, 404, "Not found", { "Cache-Control": "public, max-age=60" });
        return;
      }
      const compressed = assets.compressed(pathname);
      if (compressed) {
        compressed
          .then(
            (ready) => {
              sendStored(req, res, 200, ready, wanted);
            },
            () => {
              pass(req, res, method, pathname, signedIn);
            },
          )
          .catch((error: unknown) => {
            failRequest(res, error, "the front server's assets");
          });
        return;
      }
    }
    pass(req, res, method, pathname, signedIn);
  };

  function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
    for (const [name, value] of security) res.setHeader(name, value);
    res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE, ...headers });
    res.end(text);
  }

  function pass(req: IncomingMessage, res: ServerResponse, method: string, pathname: string, signedIn: boolean): void {
    const lane = waitsOnOutside(method, pathname) ? outsideQueue : queue;
    const admitted = lane.admit(res, () => {
      for (const [name, value] of security) res.setHeader(name, value);
      // A miss was stored before its head is written; it carries the tags its hits will.
      const storedTags = () => store.get(pageKey(new URL(req.url ?? "/", "http://site")))?.tags ?? [];
      completeHeaders(res, pathname, signedIn, storedTags);
      astro(req, res);
    });
    // Stored pages and assets were answered above; only what must be rendered is turned away.
    if (!admitted) plain(res, 503, "The site is busy; try again in a moment.", { "Retry-After": "1" });
  }
}

/**
 * As Astro writes its response head: a Cache-Control by kind when the route chose none,
 * framing forbidden in whatever CSP the page brought (Astro's replaces ours), and on a page
 * just stored, its content tags (Astro removes `Cache-Tag` from what its cache provider returns).
 */
function completeHeaders(res: ServerResponse, path: string, signedIn: boolean, storedTags: () => string[]): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = (status: number, ...rest: unknown[]) => {
    const given = rest.find(
      (r): r is Record<string, unknown> => typeof r === "object" && r !== null && !Array.isArray(r),
    );
    const find = (name: string) => Object.keys(given ?? {}).find((h) => h.toLowerCase() === name);
    const givenCacheControl = find("cache-control");
    if (!res.hasHeader("Cache-Control") && !givenCacheControl) {
      res.setHeader("Cache-Control", defaultCacheControl(path, status, signedIn));
    }
    // A CDN's own lifetime for a public page; Astro drops the header from what its cache
    // provider returns, so a page just stored gets it here.
    const cacheControl = givenCacheControl && given ? given[givenCacheControl] : res.getHeader("Cache-Control");
    const cdn = cdnCacheControl(cacheControl);
    if (cdn) res.setHeader("CDN-Cache-Control", cdn);
    // Whether a page came from the store is the store's own business: told to a visitor, it
    // would say which addresses (searches) someone else asked for before.
    const cacheState = find("x-astro-cache");
    const state = cacheState && given ? given[cacheState] : res.getHeader("x-astro-cache");
    if (cacheState && given) Reflect.deleteProperty(given, cacheState);
    res.removeHeader("x-astro-cache");
    if (state === "MISS") {
      const tags = storedTags();
      if (tags.length > 0) res.setHeader("Cache-Tag", tags.join(","));
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
