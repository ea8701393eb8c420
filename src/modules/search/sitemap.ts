import { escapeXml } from "@/lib/escape-xml";

/** One page of a sitemap: its absolute URL and, when known, when it last changed. */
export interface SitemapEntry {
  loc: string;
  lastmod?: Date;
}

/**
 * A sitemaps.org 0.9 `urlset` listing the entries in the order given.
 * `lastmod` is written as a full W3C datetime in UTC, which the protocol accepts.
 * @example buildSitemap([{ loc: "https://example.com/about" }])
 */
export function buildSitemap(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ loc, lastmod }) => {
    const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
    return `  <url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * A sitemaps.org 0.9 `sitemapindex` naming each part's absolute URL, for a site with more
 * URLs than one sitemap file holds.
 */
export function buildSitemapIndex(parts: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...parts.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}
