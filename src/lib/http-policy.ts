/** Headers every response carries, static files included. */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Pages bring their own CSP from Astro (security.csp: script and style hashes, images and
    // fonts from the site); framing is forbidden in it too, and here for everything else.
    "Content-Security-Policy": FRAME_ANCESTORS,
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

const FRAME_ANCESTORS = "frame-ancestors 'none'";

/**
 * Let the site alone frame this response: the CSS editor's live preview shows real pages
 * in a frame. Every other response may not be framed at all.
 */
export function allowFramingBySelf(headers: Headers): void {
  const csp = headers.get("Content-Security-Policy")?.replace(/;?\s*$/, "; ") ?? "";
  headers.set("Content-Security-Policy", `${csp}frame-ancestors 'self'`);
  headers.set("X-Frame-Options", "SAMEORIGIN");
}

/** A page's Content-Security-Policy with framing forbidden, whatever else it allows. */
export function withFrameAncestors(csp: string | undefined): string {
  if (!csp) return FRAME_ANCESTORS;
  return /frame-ancestors/i.test(csp) ? csp : `${csp.replace(/;?\s*$/, "")}; ${FRAME_ANCESTORS}`;
}

// Calls whose answer waits on a service elsewhere: the AI, the object store (S3), or a
// visitor's own upload arriving; the newsletter's mail server joins them. A site archive
// streams for as long as its download takes, reading the store: it must not hold a render's turn.
const WAITS_ON_OUTSIDE = new Set([
  "POST /api/data/archive",
  "POST /api/nickname/generate",
  "POST /nickname-generator",
  "GET /api/objects/upload-url",
  "PUT /api/objects/upload",
  "GET /api/objects/multipart-url",
  "PUT /api/objects/multipart",
  "POST /api/objects/multipart",
  "POST /api/objects/normalize",
]);

/**
 * Whether a request's answer waits on something outside the site (see WAITS_ON_OUTSIDE, and
 * uploaded files, which may stream from a bucket). Such requests take turns of their own, so
 * a slow provider never holds the turns that pages render in.
 * @example waitsOnOutside("POST", "/api/nickname/generate") // true
 */
export function waitsOnOutside(method: string, path: string): boolean {
  if (path.startsWith("/uploads/")) return method === "GET" || method === "HEAD";
  return WAITS_ON_OUTSIDE.has(`${method} ${path}`);
}

/**
 * Public pages and their 404s. A browser asks again at every load, and a repeat view is a 304
 * to the page's ETag, so a reload never shows a deleted post or the theme before; shared
 * caches keep them briefly (`s-maxage`), and a CDN that reads its own header (RFC 9213) also
 * serves them stale while it refetches, purging by Cache-Tag when their content changes.
 */
export const PUBLIC_PAGE = "public, max-age=0, must-revalidate, s-maxage=10";
export const PUBLIC_PAGE_CDN = "public, max-age=10, stale-while-revalidate=60";

/** The `CDN-Cache-Control` that goes with a response's Cache-Control, when a CDN keeps it its own way. */
export const cdnCacheControl = (cacheControl: unknown): string | undefined =>
  cacheControl === PUBLIC_PAGE ? PUBLIC_PAGE_CDN : undefined;
/** Fingerprinted build assets never change under their name. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
export const NO_STORE = "no-store";

/**
 * The Cache-Control a response gets when its route chose none, by what it is: API and
 * admin never stored, anything for a signed-in visitor private, errors not kept, public
 * pages (and their 404s, which a publish may turn into pages) revalidated.
 */
export function defaultCacheControl(path: string, status: number, signedIn: boolean): string {
  if (path.startsWith("/_astro/")) return IMMUTABLE;
  if (path.startsWith("/api/") || path === "/login" || path === "/admin" || path.startsWith("/admin/")) return NO_STORE;
  if (signedIn) return "private, no-store";
  if (status >= 400 && status !== 404) return NO_STORE;
  return PUBLIC_PAGE;
}

type Encoding = "br" | "gzip" | "identity";

// What browsers and curl send, and a CDN or a load generator asking for one coding or two:
// the hot path answers them without parsing.
const COMMON: ReadonlyMap<string, Encoding> = new Map([
  ["gzip, deflate, br, zstd", "br"],
  ["gzip, deflate, br", "br"],
  ["deflate, gzip, br, zstd", "br"],
  ["br", "br"],
  ["br, gzip", "br"],
  ["gzip, br", "br"],
  ["gzip", "gzip"],
]);
// The order of preference among encodings the client weighs the same.
const PREFERENCE: readonly Encoding[] = ["br", "gzip", "identity"];

/** A coding's `q` weight (RFC 9110 §12.4.2), 1 when absent or malformed. */
function weightOf(params: string[]): number {
  for (const param of params) {
    const [name = "", value = ""] = param.split("=");
    if (name.trim().toLowerCase() !== "q") continue;
    const q = Number(value.trim());
    return Number.isFinite(q) && q >= 0 && q <= 1 ? q : 1;
  }
  return 1;
}

/**
 * The encoding to send, from Accept-Encoding (RFC 9110 §12.5.3): the highest weighted of
 * brotli, gzip and none, preferred in that order on a tie. Codings are compared whole and
 * case-insensitively, `q=0` refuses one, and `*` weighs every coding not named. Unnamed,
 * no encoding weighs as little as the least wanted coding, so compressing is never passed
 * over for it; refused with everything else, it is still sent (there is no 406 here).
 * @example pickEncoding("gzip, deflate, br") // "br"
 * @example pickEncoding("GZIP;q=1, br;q=0.5") // "gzip"
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const common = COMMON.get(acceptEncoding);
  if (common) return common;
  const named: Partial<Record<Encoding | "*", number>> = {};
  let least = 1;
  for (const part of acceptEncoding.split(",")) {
    const [coding = "", ...params] = part.split(";");
    const name = coding.trim().toLowerCase();
    if (!name) continue;
    const q = weightOf(params);
    least = Math.min(least, q);
    // A coding named twice keeps its first weight.
    if ((name === "br" || name === "gzip" || name === "identity" || name === "*") && named[name] === undefined) {
      named[name] = q;
    }
  }
  const weights = {
    br: named.br ?? named["*"] ?? 0,
    gzip: named.gzip ?? named["*"] ?? 0,
    identity: named.identity ?? named["*"] ?? least,
  };
  let best: Encoding = "identity";
  let bestWeight = 0;
  for (const encoding of PREFERENCE) {
    if (weights[encoding] > bestWeight) [best, bestWeight] = [encoding, weights[encoding]];
  }
  return best;
}
