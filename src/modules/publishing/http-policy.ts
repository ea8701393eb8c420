/** Headers every response carries, static files included. */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Pages carry their script and style hashes in a <meta> CSP (Astro's security.csp);
    // framing can only be forbidden by a header.
    "Content-Security-Policy": FRAME_ANCESTORS,
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

const FRAME_ANCESTORS = "frame-ancestors 'none'";

/** A page's Content-Security-Policy with framing forbidden, whatever else it allows. */
export function withFrameAncestors(csp: string | undefined): string {
  if (!csp) return FRAME_ANCESTORS;
  return /frame-ancestors/i.test(csp) ? csp : `${csp.replace(/;?\s*$/, "")}; ${FRAME_ANCESTORS}`;
}

/** Public pages: browsers and CDNs may reuse them briefly, and serve them stale while refetching. */
export const PUBLIC_PAGE = "public, max-age=10, stale-while-revalidate=60";
/** Fingerprinted build assets never change under their name. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
export const NO_STORE = "no-store";

/**
 * The Cache-Control a response gets when its route chose none, by what it is: API and
 * admin never stored, anything for a signed-in visitor private, errors not kept, public
 * pages briefly.
 */
export function defaultCacheControl(path: string, status: number, signedIn: boolean): string {
  if (path.startsWith("/_astro/")) return IMMUTABLE;
  if (path.startsWith("/api/") || path === "/login" || path === "/admin" || path.startsWith("/admin/")) return NO_STORE;
  if (signedIn) return "private, no-store";
  if (status === 404) return "public, max-age=10";
  if (status >= 400) return NO_STORE;
  return PUBLIC_PAGE;
}

/**
 * The encoding to send, from Accept-Encoding: brotli, then gzip, then none.
 * @example pickEncoding("gzip, deflate, br") // "br"
 */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  if (!acceptEncoding) return "identity";
  // The common header has no weights: decide without parsing.
  if (!acceptEncoding.includes(";")) {
    if (acceptEncoding.includes("br") || acceptEncoding.includes("*")) return "br";
    return acceptEncoding.includes("gzip") ? "gzip" : "identity";
  }
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}
