import { asc, count } from "drizzle-orm";
import { tables, type Db } from "@/lib/db.server";
import { postPath, videoPath } from "@/lib/paths";
import { isPublic } from "@/modules/editorial/visibility.server";
import type { SitemapEntry } from "./sitemap";

const { posts, videos } = tables;

/**
 * URLs per sitemap file. The protocol allows 50,000, but a file that size is megabytes;
 * at 1,000 each file stays near 100 KB, like every other response of the site.
 */
export const SITEMAP_PART_SIZE = 1_000;

// Public pages without their own data; they carry no lastmod rather than a made-up one.
const STATIC_PATHS = ["/", "/about", "/anhedonia", "/archive", "/videos", "/nickname-generator"];

/** How many URLs the sitemap lists: the static pages, every published post and video. */
export async function countSitemapEntries(db: Db): Promise<number> {
  const [[p], [v]] = await Promise.all([
    db.select({ n: count() }).from(posts).where(isPublic(posts)),
    db.select({ n: count() }).from(videos).where(isPublic(videos)),
  ]);
  return STATIC_PATHS.length + (p?.n ?? 0) + (v?.n ?? 0);
}

/**
 * One stretch of the sitemap's URLs, in a fixed order (static pages, then posts, then
 * videos, each oldest id first), so the parts of an index neither overlap nor leave a gap.
 */
export async function sitemapEntries(
  db: Db,
  siteUrl: string,
  range: { offset: number; limit: number },
): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = STATIC_PATHS.slice(range.offset, range.offset + range.limit).map((path) => ({
    loc: `${siteUrl}${path}`,
  }));
  let offset = Math.max(0, range.offset - STATIC_PATHS.length);
  const sources = [
    { table: posts, path: postPath },
    { table: videos, path: videoPath },
  ];
  for (const { table, path } of sources) {
    const wanted = range.limit - entries.length;
    if (wanted <= 0) break;
    const rows = await db
      .select({ slug: table.slug, updatedAt: table.updatedAt })
      .from(table)
      .where(isPublic(table))
      .orderBy(asc(table.id))
      .limit(wanted)
      .offset(offset);
    entries.push(...rows.map((row) => ({ loc: `${siteUrl}${path(row.slug)}`, lastmod: row.updatedAt })));
    if (rows.length > 0) {
      offset = 0;
      continue;
    }
    const [counted] = await db.select({ n: count() }).from(table).where(isPublic(table));
    offset = Math.max(0, offset - (counted?.n ?? 0));
  }
  return entries;
}

/** Where part `n` (from 1) of a sitemap index is served. */
export const sitemapPartPath = (n: number): string => `/sitemap/${String(n)}.xml`;

/** A sitemap file as served: XML that crawlers may keep for five minutes. */
export const sitemapResponse = (xml: string): Response =>
  new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
