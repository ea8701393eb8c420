import type { APIRoute } from "astro";
import { settings } from "@/lib/settings.server";
import { db } from "@/lib/site-database.server";
import { handle } from "@/lib/http.server";
import { cachePage } from "@/modules/publishing/page-cache";
import { tag } from "@/modules/publishing/content-tags";
import { buildSitemap, buildSitemapIndex } from "@/modules/search/sitemap";
import {
  countSitemapEntries,
  SITEMAP_PART_SIZE,
  sitemapEntries,
  sitemapPartPath,
  sitemapResponse,
} from "@/modules/search/sitemap.server";

// The whole sitemap while it fits one file; past that, an index of its parts.
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    cachePage(context, [tag.posts, tag.videos]);
    const { siteUrl } = settings();
    const total = await countSitemapEntries(db());
    const parts = Math.ceil(total / SITEMAP_PART_SIZE);
    const xml =
      parts <= 1
        ? buildSitemap(await sitemapEntries(db(), siteUrl, { offset: 0, limit: SITEMAP_PART_SIZE }))
        : buildSitemapIndex(Array.from({ length: parts }, (_, i) => `${siteUrl}${sitemapPartPath(i + 1)}`));
    return sitemapResponse(xml);
  });
