import { defineMiddleware, sequence } from "astro:middleware";
import { db } from "@/lib/db.server";
import { contentType, json } from "@/lib/http.server";
import { settings } from "@/lib/settings.server";
import { clearSessionCookie, readSessionToken } from "@/modules/auth/session-cookie.server";
import { validateSessionToken } from "@/modules/auth/session.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Endpoints that take a body other than JSON: the newsletter's no-JavaScript form and uploads.
const NON_JSON_BODIES = new Set(["/api/newsletter/subscribe", "/api/objects/upload"]);

/** Who is asking: a valid session cookie makes `locals.user`; anything else is a visitor. */
const loadSession = defineMiddleware(async ({ cookies, locals, isPrerendered }, next) => {
  locals.user = null;
  locals.sessionId = null;
  // Pages built ahead of time have no visitor.
  const token = isPrerendered ? undefined : readSessionToken(cookies);
  if (token) {
    const session = await validateSessionToken(db(), token);
    if (session) {
      locals.user = session.user;
      locals.sessionId = session.id;
    } else {
      clearSessionCookie(cookies);
    }
  }
  return next();
});

/** Admin pages are refused before any of their HTML is produced (SPEC §6). */
const guardAdminPages = defineMiddleware(({ url, locals, redirect }, next) => {
  const isAdminPage = url.pathname === "/admin" || url.pathname.startsWith("/admin/");
  if (isAdminPage && locals.user?.role !== "admin") return redirect("/login", 303);
  return next();
});

/**
 * Refuse unsafe API calls from other origins (CSRF). Browsers send `Origin` on every
 * cross-site and same-site POST/PUT/DELETE, so a missing one is refused too.
 */
const requireSameOrigin = defineMiddleware(({ request, url }, next) => {
  if (SAFE_METHODS.has(request.method) || !url.pathname.startsWith("/api/")) return next();
  if (request.headers.get("Origin") !== settings().siteUrl) {
    return json({ error: "Cross-site request refused" }, { status: 403 });
  }
  return next();
});

/** A body sent to the API is JSON and says so; a form post cannot pass for an API call. */
const requireJsonBody = defineMiddleware(({ request, url }, next) => {
  if (SAFE_METHODS.has(request.method) || !url.pathname.startsWith("/api/") || NON_JSON_BODIES.has(url.pathname)) {
    return next();
  }
  const hasBody = request.headers.has("Content-Length")
    ? request.headers.get("Content-Length") !== "0"
    : request.headers.has("Transfer-Encoding");
  if (hasBody && contentType(request) !== "application/json") {
    return json({ error: "Content-Type must be application/json" }, { status: 415 });
  }
  return next();
});

export const onRequest = sequence(requireSameOrigin, requireJsonBody, loadSession, guardAdminPages);
