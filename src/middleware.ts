import { defineMiddleware, sequence } from "astro:middleware";
import { findTextFault } from "@/lib/acceptable-text";
import { withoutIslandStyle } from "@/lib/island-style";
import { databaseOutage, outagePage } from "@/lib/database-outage.server";
import { db } from "@/lib/site-database.server";
import { forbidden } from "@/lib/errors";
import { errorResponse } from "@/lib/http.server";
import { logUnexpected, routeName } from "@/lib/log-unexpected";
import { settings } from "@/lib/settings.server";
import { renders } from "@/server/renders";
import { clearSessionCookie, readSessionTokens } from "@/modules/auth/session-cookie.server";
import { validateSessionToken } from "@/modules/auth/session.server";
import { allowFramingBySelf } from "@/lib/http-policy";
import { refuseUndeclaredMethod } from "@/server/api-methods";
import { PREVIEW_PARAM } from "@/lib/theme-params";
import { BODY_PREVIEW_FRAME } from "@/modules/posts/body-preview-schema";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// A mail program's one-click unsubscribe (RFC 8058) is a POST from no page of ours, with no
// Origin or another one. The token in its address is all the authority it needs, and all
// it can do is take that one reader off the list.
const CROSS_SITE_POSTS = new Set(["/api/newsletter/unsubscribe"]);

/**
 * A page or middleware that fails is logged as one line without the visitor's input (see
 * `logUnexpected`), where Astro would print the error's message: a query's parameters.
 * The 500 has no body, so Astro sends the site's error page if there is one.
 */
const logFailures = defineMiddleware(async (context, next) => {
  try {
    // Counted while it runs: a stop closes the database only once it has ended.
    return await renders().track(next());
  } catch (error) {
    logUnexpected(error, routeName(context));
    return new Response(null, { status: 500 });
  }
});

/**
 * While the database cannot answer, say so with 503 and Retry-After rather than a bare 500:
 * a page's own queries and the session lookup below both fail here. (API routes answer
 * their own errors through `errorResponse`, which does the same.)
 */
const answerDatabaseOutage = defineMiddleware(async ({ url }, next) => {
  try {
    return await next();
  } catch (error) {
    const outage = databaseOutage(error);
    if (!outage) throw error;
    return url.pathname.startsWith("/api/") ? errorResponse(outage) : outagePage(outage);
  }
});

/**
 * Pages read their path and query themselves, so text no field may hold (see
 * `acceptable-text`) is refused before any page reads it: in the path it cannot name
 * anything (404, the site's page), in the query it is a 400. API routes check their own
 * input and name the field.
 */
const refuseUnacceptableText = defineMiddleware(({ url, params }, next) => {
  if (url.pathname.startsWith("/api/")) return next();
  if (findTextFault(params)) return new Response(null, { status: 404 });
  const fault = findTextFault(url.searchParams);
  if (!fault) return next();
  return new Response(`Query${fault.field ? ` parameter "${fault.field}"` : ""}: ${fault.message}`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
});

/** An API route asked with a method it does not take is refused with 405 and `Allow`, quietly. */
const refuseUndeclaredMethods = defineMiddleware(async ({ request, routePattern }, next) => {
  if (!routePattern.startsWith("/api/")) return next();
  return (await refuseUndeclaredMethod(request.method, routePattern)) ?? next();
});

/** Who is asking: one valid session cookie makes `locals.user`; anything else (none, a bad one, two) is a visitor. */
const loadSession = defineMiddleware(async ({ request, cookies, locals, isPrerendered }, next) => {
  locals.user = null;
  locals.sessionId = null;
  locals.provenAt = null;
  // Pages built ahead of time have no visitor.
  const [token, ...more] = isPrerendered ? [] : readSessionTokens(request);
  if (token !== undefined) {
    const session = more.length === 0 ? await validateSessionToken(db(), token) : null;
    if (session) {
      locals.user = session.user;
      locals.sessionId = session.id;
      locals.provenAt = session.provenAt;
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
 * Refuse unsafe requests from other origins (CSRF): API calls, and forms posted to a page
 * (the nickname generator without JavaScript). Browsers send `Origin` on every cross-site
 * and same-site POST/PUT/DELETE, so a missing one is refused too. The origin is SITE_URL's
 * when set; otherwise the one the request was sent to (see `writeOrigin`). This check, not
 * Astro's own `checkOrigin`, guards forms, so a mail program's one-click unsubscribe can pass.
 */
const requireSameOrigin = defineMiddleware(({ request, url }, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  if (request.method === "POST" && CROSS_SITE_POSTS.has(url.pathname)) return next();
  if (request.headers.get("Origin") === (settings().writeOrigin ?? url.origin)) return next();
  const refused = forbidden("Cross-site request refused");
  if (url.pathname.startsWith("/api/")) return errorResponse(refused);
  return new Response(refused.message, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
});

/** Pages go out without Astro's inline island style, which HTML does not allow in the body. */
const keepHtmlValid = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.body || !response.headers.get("Content-Type")?.startsWith("text/html")) return response;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(withoutIslandStyle(response.body), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
});

/**
 * A page asked for as the CSS editor's preview, and the post editor's preview frame, may be
 * framed by the site itself, and only by it. Set here, on the page as sent: Astro writes
 * its own Content-Security-Policy header over one a page sets.
 */
const letPreviewsBeFramed = defineMiddleware(async ({ url }, next) => {
  const response = await next();
  const framed = url.searchParams.has(PREVIEW_PARAM) || url.pathname === BODY_PREVIEW_FRAME;
  if (!framed || !response.headers.get("Content-Type")?.startsWith("text/html")) return response;
  allowFramingBySelf(response.headers);
  return response;
});

export const onRequest = sequence(
  letPreviewsBeFramed,
  keepHtmlValid,
  logFailures,
  answerDatabaseOutage,
  refuseUnacceptableText,
  refuseUndeclaredMethods,
  requireSameOrigin,
  loadSession,
  guardAdminPages,
);
