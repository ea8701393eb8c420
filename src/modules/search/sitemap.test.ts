import { describe, expect, it } from "vitest";
import { buildSitemap } from "./sitemap";

describe("buildSitemap", () => {
  it("writes a sitemaps.org 0.9 urlset with one url per entry, in order", () => {
    const xml = buildSitemap([
      { loc: "https://example.com/" },
      { loc: "https://example.com/post/a", lastmod: new Date("2026-03-14T09:00:00Z") },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain("<url><loc>https://example.com/</loc></url>");
    expect(xml).toContain(
      "<url><loc>https://example.com/post/a</loc><lastmod>2026-03-14T09:00:00.000Z</lastmod></url>",
    );
    expect(xml.indexOf("example.com/</loc>")).toBeLessThan(xml.indexOf("example.com/post/a"));
  });

  it("escapes URLs, so a query string cannot break the document", () => {
    const xml = buildSitemap([{ loc: "https://example.com/archive?a=1&b=<2>" }]);
    expect(xml).toContain("<loc>https://example.com/archive?a=1&amp;b=&lt;2&gt;</loc>");
    expect(xml).not.toContain("a=1&b");
  });

  it("writes an empty urlset for no entries", () => {
    const xml = buildSitemap([]);
    expect(xml).not.toContain("<url>");
    expect(xml).toContain("</urlset>");
  });
});
