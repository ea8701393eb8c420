import { expect, test } from "@playwright/test";
import { siteOrigin } from "./support";

test("rss.xml lists every post and video with absolute links", async ({ request }) => {
  const base = siteOrigin();
  const res = await request.get("/rss.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/rss+xml");
  expect(res.headers()["cache-control"]).toBe("public, max-age=300");
  // Sent again from the store, it keeps the lifetime the feed chose.
  expect((await request.get("/rss.xml")).headers()["cache-control"]).toBe("public, max-age=300");
  const xml = await res.text();
  expect(xml).toContain('<rss version="2.0"');
  // The 12 seeded items, and any a test running alongside has just published.
  expect(xml.match(/<item>/g)?.length).toBeGreaterThanOrEqual(12);
  const links = [...xml.matchAll(/<link>([^<]*)<\/link>/g)].map((m) => m[1] ?? "");
  expect(links.length).toBeGreaterThanOrEqual(13);
  for (const link of links) expect(link.startsWith(base), link).toBe(true);
  expect(links).toContain(`${base}/post/the-sandwich-was-fine`);
  expect(links).toContain(`${base}/videos/ceiling-tiles-ranked`);
  expect(xml).toContain("<title>The Sandwich Was Fine</title>");
  expect(xml).toContain(`<atom:link href="${base}/rss.xml" rel="self"`);
});

test("rss.xml is newest first across posts and videos", async ({ request }) => {
  const xml = await (await request.get("/rss.xml")).text();
  const dates = [...xml.matchAll(/<pubDate>([^<]*)<\/pubDate>/g)].map((m) => Date.parse(m[1] ?? ""));
  expect(dates.length).toBeGreaterThanOrEqual(12);
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
});

test("sitemap.xml lists the static pages, every post and every video", async ({ request }) => {
  const base = siteOrigin();
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/xml");
  expect(res.headers()["cache-control"]).toBe("public, max-age=300");
  const xml = await res.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(xml.match(/<url>/g)?.length).toBeGreaterThanOrEqual(17);
  for (const path of ["/about", "/nickname-generator", "/post/the-sandwich-was-fine", "/videos/ceiling-tiles-ranked"]) {
    expect(xml).toContain(`<loc>${base}${path}</loc>`);
  }
  expect(xml).toMatch(/<loc>[^<]*\/post\/the-sandwich-was-fine<\/loc><lastmod>\d{4}-\d{2}-\d{2}T/);
});

test("robots.txt points at the sitemap and keeps crawlers out of admin", async ({ request }) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/plain");
  expect(res.headers()["cache-control"]).toBe("public, max-age=300");
  const text = await res.text();
  expect(text).toContain(`Sitemap: ${siteOrigin()}/sitemap.xml`);
  expect(text).toMatch(/^Disallow: \/admin$/m);
  expect(text).toMatch(/^Disallow: \/api\/$/m);
});
