import type { CacheProvider } from "astro";
import { hasSessionCookie } from "@/modules/auth/cookie";
import { pageKey } from "@/modules/publishing/page-key";
import { db } from "@/lib/site-database.server";
import { sitePages } from "@/modules/publishing/site-pages.server";
import { databaseOutage, outagePage } from "@/lib/database-outage.server";
import { contentVersion } from "@/modules/publishing/content-version.server";
import type { StoredPage } from "@/modules/publishing/stored-page.server";
import { storedResponse } from "@/server/stored-response";
import { describeError } from "@/lib/log-unexpected";

// Headers that belong to one response on one connection, never to a stored page.
const NOT_STORED = new Set([
  "set-cookie",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "x-astro-cache",
]);

// API calls, uploads and resized images: answers no page renders, never stored.
const NEVER_STORED = /^\/(api|uploads|_image)(\/|$)/;

/** How long a browser may keep a stale page sent because rendering failed: briefly, so the fresh one follows soon. */
export const STALE_MAX_AGE = "public, max-age=5";

function standIn(page: StoredPage): Response {
  const response = new Response(new Uint8Array(page.identity), { status: page.status, headers: page.headers });
  response.headers.set("Cache-Control", STALE_MAX_AGE);
  response.headers.set("X-Astro-Cache", "STALE");
  return response;
}

function maxAgeOf(cdnCacheControl: string | null): number {
  const match = /max-age=(\d+)/i.exec(cdnCacheControl ?? "");
  return match ? Number(match[1]) : 0;
}

/**
 * Astro's side of the page store: after a page renders, keep its bytes with the tags it
 * declared through `Astro.cache.set`. Hits never get here; the front server answers them
 * before the pipeline runs (src/server/front-handler.ts, on the main thread).
 */
export default function pageStoreProvider(): CacheProvider {
  return {
    name: "page-store",
    async onRequest({ request, url }, next) {
      const store = sitePages();
      const epoch = store.epoch();
      const key = pageKey(url);
      // Never what a signed-in visitor was shown, and never shown to one.
      const visitorRead = request.method === "GET" && !hasSessionCookie(request.headers.get("Cookie"));
      // If rendering fails (the database is down), the last stored copy stands in.
      const fallback = visitorRead ? store.fallback(key) : undefined;
      let response: Response;
      // A page's content version, read before its own queries, so it shows at least that
      // version. Pages read the database anyway (their theme); API calls and files, which
      // are never stored, do not wait on it.
      const readsVersion = visitorRead && !NEVER_STORED.test(url.pathname);
      let version = 0;
      try {
        if (readsVersion) version = await contentVersion(db());
        response = await next();
      } catch (error) {
        // Here only the version's read can fail for want of the database (the pipeline
        // answers its own outages): the page would have, too.
        const outage = readsVersion ? databaseOutage(error) : undefined;
        if (!fallback && outage) return outagePage(outage);
        if (!fallback) throw error;
        // With its causes' kinds and codes: a failure that is not an outage is a bug to find.
        console.warn(`Rendering ${url.pathname} failed (${describeError(error)}); sent its last stored copy.`);
        return standIn(fallback);
      }
      if (response.status >= 500 && fallback) return standIn(fallback);
      const maxAge = maxAgeOf(response.headers.get("CDN-Cache-Control"));
      const storable =
        readsVersion &&
        maxAge > 0 &&
        (response.status === 200 || response.status === 404) &&
        !response.headers.has("Set-Cookie");
      if (!storable) return response;
      const tags = (response.headers.get("Cache-Tag") ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean);
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (!NOT_STORED.has(name) && name !== "cdn-cache-control" && name !== "cache-tag") headers.push([name, value]);
      });
      const body = Buffer.from(await response.arrayBuffer());
      const stored = await store.put(
        key,
        { status: response.status, headers, body, tags, maxAgeSeconds: maxAge, contentVersion: version },
        epoch,
      );
      if (stored)
        return storedResponse(stored, request.headers.get("Accept-Encoding"), request.headers.get("If-None-Match"));
      // Its content changed while it rendered, so it was not kept: sent as rendered, once.
      const sent = new Response(body, { status: response.status, headers: response.headers });
      sent.headers.set("X-Astro-Cache", "MISS");
      return sent;
    },
    invalidate({ tags, path }) {
      const store = sitePages();
      if (tags) store.drop(Array.isArray(tags) ? tags : [tags]);
      if (path) store.dropKey(path);
      return Promise.resolve();
    },
  };
}
