import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { insertPost, insertVideo } from "../../../tests/factories.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { buildSitemapIndex } from "./sitemap";
import { countSitemapEntries, sitemapEntries, sitemapPartPath } from "./sitemap.server";

const SITE = "https://meh.example";
let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
  for (let i = 0; i < 9; i++) await insertPost(handle.db, { title: `Sitemap post ${String(i)}` });
  for (let i = 0; i < 5; i++) await insertVideo(handle.db, { title: `Sitemap video ${String(i)}` });
});
afterAll(async () => {
  await handle.close();
});

describe("the sitemap in parts", () => {
  it("counts the static pages, every post and every video", async () => {
    expect(await countSitemapEntries(handle.db)).toBe(6 + 9 + 5);
  });

  it("cuts the URLs into parts that neither overlap nor leave a gap, whatever the part size", async () => {
    const whole = await sitemapEntries(handle.db, SITE, { offset: 0, limit: 1000 });
    expect(whole).toHaveLength(20);
    expect(whole[0]?.loc).toBe(`${SITE}/`);
    expect(whole.filter((e) => e.loc.includes("/post/"))).toHaveLength(9);
    expect(whole.filter((e) => e.loc.includes("/videos/"))).toHaveLength(5);
    for (const size of [1, 3, 4, 7, 19]) {
      const parts = [];
      for (let offset = 0; offset < whole.length; offset += size)
        parts.push(...(await sitemapEntries(handle.db, SITE, { offset, limit: size })));
      expect(
        parts.map((e) => e.loc),
        `parts of ${String(size)}`,
      ).toEqual(whole.map((e) => e.loc));
    }
    expect(await sitemapEntries(handle.db, SITE, { offset: 20, limit: 5 })).toEqual([]);
  });

  it("indexes its parts in a sitemapindex", () => {
    const xml = buildSitemapIndex([1, 2].map((n) => `${SITE}${sitemapPartPath(n)}`));
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<sitemap><loc>${SITE}/sitemap/2.xml</loc></sitemap>`);
    expect(xml.match(/<sitemap>/g)).toHaveLength(2);
  });
});
