import { defineMiddleware, sequence } from "astro:middleware";
import { json } from "@/lib/http.server";
import { settings } from "@/lib/settings.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuse unsafe API calls from other origins (CSRF). Browsers send `Origin` on every
 * cross-site and same-site POST/PUT/DELETE, so a missing one is refused too.
 */
const requireSameOrigin = defineMiddleware((context, next) => {
  const { request, url } = context;
  if (SAFE_METHODS.has(request.method) || !url.pathname.startsWith("/api/")) return next();
  if (request.headers.get("Origin") !== settings().siteUrl) {
    return json({ error: "Cross-site request refused" }, { status: 403 });
  }
  return next();
});

export const onRequest = sequence(requireSameOrigin);
