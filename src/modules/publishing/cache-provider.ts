import type { CacheProvider } from "astro";
import { hasSessionCookie } from "@/modules/auth/cookie";
import { pageKey } from "./page-key";
import { runtime } from "@/lib/runtime.server";

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

function maxAgeOf(cdnCacheControl: string | null): number {
  const match = /max-age=(\d+)/i.exec(cdnCacheControl ?? "");
  return match ? Number(match[1]) : 0;
}

/**
 * Astro's side of the page store: after a page renders, keep its bytes with the tags it
 * declared through `Astro.cache.set`. Hits never get here; the front server answers them
 * before the pipeline runs (scripts/start.ts).
 */
export default function pageStoreProvider(): CacheProvider {
  return {
    name: "page-store",
    async onRequest({ request, url }, next) {
      const store = runtime().pages;
      const epoch = store.epoch();
      const response = await next();
      const maxAge = maxAgeOf(response.headers.get("CDN-Cache-Control"));
      const storable =
        request.method === "GET" &&
        maxAge > 0 &&
        (response.status === 200 || response.status === 404) &&
        !response.headers.has("Set-Cookie") &&
        // Never what a signed-in visitor was shown.
        !hasSessionCookie(request.headers.get("Cookie"));
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
      await store.put(pageKey(url), { status: response.status, headers, body, tags, maxAgeSeconds: maxAge }, epoch);
      const sent = new Response(body, { status: response.status, headers: response.headers });
      sent.headers.set("X-Astro-Cache", "MISS");
      return sent;
    },
    invalidate({ tags, path }) {
      const store = runtime().pages;
      if (tags) store.drop(Array.isArray(tags) ? tags : [tags]);
      if (path) store.dropKey(path);
      return Promise.resolve();
    },
  };
}
