/**
 * The first segments of the site's own addresses (its pages, its API, its files): an old
 * address under one of them is answered by the site itself, so it can never be a redirect.
 */
export const SITE_SEGMENTS: ReadonlySet<string> = new Set([
  "404",
  "about",
  "admin",
  "anhedonia",
  "api",
  "archive",
  "login",
  "newsletter",
  "nickname-generator",
  "post",
  "preview",
  "robots.txt",
  "rss.xml",
  "sitemap",
  "sitemap.xml",
  "uploads",
  "videos",
  // Built assets, the search index and the public folder's files.
  "_astro",
  "pagefind",
  "favicon.ico",
  "favicon.svg",
  "images",
]);

/**
 * An old address as a redirect keeps it and a request is matched by it: its path alone,
 * percent-encoded as a request names it, without a trailing slash (WordPress ends its
 * addresses with one, a link to it often does not); null for the home page and for an
 * address the site answers itself.
 * @example redirectPath("/2019/05/some-post/") // "/2019/05/some-post"
 * @example redirectPath("https://old.blog/p/ça-va?ref=x") // "/p/%C3%A7a-va"
 * @example redirectPath("/archive/") // null
 */
export function redirectPath(address: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(address, "http://old.invalid").pathname;
  } catch {
    return null;
  }
  // One spelling of each escape, as browsers send them: WordPress writes `%c3%a9`, a browser `%C3%A9`.
  const path = pathname.replace(/\/+$/, "").replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
  const first = path.split("/")[1] ?? "";
  if (path === "" || SITE_SEGMENTS.has(decodeSegment(first).toLowerCase())) return null;
  return path;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
