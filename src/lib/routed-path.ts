// Where a reference a page loads (an image, a theme's url()) would land on the site. The
// browser resolves it first; the server then decodes the path until it stops changing and
// joins runs of slashes before it picks a route (Astro's `validateAndDecodePathname` and
// `collapseDuplicateSlashes`), so `/.//api/x` and `/%2561pi/x` both reach `/api/x`. A check
// of the reference as written misses both.

// Resolved against a made-up origin: only the path is read.
const SITE = "https://site.invalid";
// An escaped ASCII character: the only ones that can spell a dot, a slash or a route's name.
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;

/** The parts of the site a page must never load as a file: its API (some calls write) and its admin pages. */
export type SiteArea = "api" | "admin";
const AREAS: readonly SiteArea[] = ["api", "admin"];

/**
 * The path the site would route `ref` to when a page loads it, read more widely than the
 * router reads it, so a check of it errs on the side of refusing: first as the browser
 * resolves it (the WHATWG URL parser drops tabs and line breaks, reads `\` as `/` and
 * removes dot segments, `%2e` included), then every ASCII escape decoded until none is
 * left (`%2f` and `%5c` too, which the router leaves), dot segments removed again, runs of
 * slashes joined, in lower case. Null when a browser would not load it over http(s). The
 * host is not compared: the site answers to names no check can know, and a page's CSP
 * loads nothing from other hosts.
 * @example routedPath("/x/..//%2561pi/./Objects") // "/api/objects"
 */
export function routedPath(ref: string): string | null {
  const url = URL.parse(ref, SITE);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  let path = url.pathname;
  for (let previous = ""; previous !== path;) {
    previous = path;
    path = path.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  const segments: string[] = [];
  for (const segment of path.toLowerCase().split(/[/\\]/)) {
    if (segment === "..") segments.pop();
    else if (segment !== "" && segment !== ".") segments.push(segment);
  }
  return `/${segments.join("/")}`;
}

/**
 * The area of the site `ref` reaches when a page loads it, or null for anything else
 * (files, pages, other schemes).
 * @example siteAreaOf("/.//api/objects/upload-url") // "api"
 */
export function siteAreaOf(ref: string): SiteArea | null {
  const path = routedPath(ref);
  if (path === null) return null;
  return AREAS.find((area) => path === `/${area}` || path.startsWith(`/${area}/`)) ?? null;
}
