import type { APIRoute } from "astro";
import { notFound } from "@/lib/errors";
import { handle } from "@/lib/http.server";
import { settings } from "@/lib/settings.server";
import { db } from "@/lib/site-database.server";
import { cachePage } from "@/modules/publishing/page-cache";
import { tag } from "@/modules/publishing/content-tags";
import { buildSitemap } from "@/modules/search/sitemap";
import {
  countSitemapEntries,
  SITEMAP_PART_SIZE,
  sitemapEntries,
  sitemapResponse,
} from "@/modules/search/sitemap.server";

// One part of the sitemap index (see /sitemap.xml); a part past the last is not found.
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const part = /^[1-9]\d{0,5}$/.test(context.params.part ?? "") ? Number(context.params.part) : 0;
    const total = await countSitemapEntries(db());
    if (part < 1 || (part - 1) * SITEMAP_PART_SIZE >= total) throw notFound("Sitemap part");
    cachePage(context, [tag.posts, tag.videos]);
    const entries = await sitemapEntries(db(), settings().siteUrl, {
      offset: (part - 1) * SITEMAP_PART_SIZE,
      limit: SITEMAP_PART_SIZE,
    });
    return sitemapResponse(buildSitemap(entries));
  });
