import type { APIRoute } from "astro";
import { db } from "@/lib/runtime.server";
import { handle } from "@/lib/http.server";
import { postPath, videoPath } from "@/lib/paths";
import { cachePage } from "@/modules/publishing/page-cache";
import { tag } from "@/modules/publishing/content-tags";
import { settings } from "@/lib/runtime.server";
import { listPosts } from "@/modules/posts/posts.server";
import { buildSitemap, type SitemapEntry } from "@/modules/search/sitemap";
import { listVideos } from "@/modules/videos/videos.server";

// Public pages without their own data; they carry no lastmod rather than a made-up one.
const STATIC_PATHS = ["/", "/about", "/anhedonia", "/archive", "/videos", "/nickname-generator"];

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    cachePage(context, [tag.posts, tag.videos]);
    const { siteUrl } = settings();
    const [posts, videos] = await Promise.all([listPosts(db()), listVideos(db())]);
    const entries: SitemapEntry[] = [
      ...STATIC_PATHS.map((path) => ({ loc: `${siteUrl}${path}` })),
      ...posts.map((p) => ({ loc: `${siteUrl}${postPath(p.slug)}`, lastmod: p.updatedAt })),
      ...videos.map((v) => ({ loc: `${siteUrl}${videoPath(v.slug)}`, lastmod: v.updatedAt })),
    ];
    return new Response(buildSitemap(entries), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
    });
  });
