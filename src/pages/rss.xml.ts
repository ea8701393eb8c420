import { getRssString, type RSSFeedItem } from "@astrojs/rss";
import type { APIRoute } from "astro";
import { db } from "@/lib/site-database.server";
import { paragraphs } from "@/lib/format";
import { postIdPrefix, renderBody } from "@/lib/markdown/render-body";
import { handle } from "@/lib/http.server";
import { postPath, videoPath } from "@/lib/paths";
import { cachePage } from "@/modules/publishing/page-cache";
import { tag } from "@/modules/publishing/content-tags";
import { settings } from "@/lib/settings.server";
import { bodyMedia } from "@/modules/embeds/body-media.server";
import { recentPosts } from "@/modules/posts/posts.server";
import { escapeXml } from "@/lib/escape-xml";
import { recentVideos } from "@/modules/videos/videos.server";

/** The feed's length: readers poll it, so it carries the latest items, not the archive. */
export const FEED_ITEMS = 20;

// Videos carry no enclosure: RSS requires its byte length, and some readers refuse 0.
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const { siteUrl, siteName, curatorName } = settings();
    const [posts, videos] = await Promise.all([recentPosts(db(), FEED_ITEMS), recentVideos(db(), FEED_ITEMS)]);
    const embedded = await Promise.all(posts.map((p) => bodyMedia(db(), p)));
    cachePage(context, [tag.posts, tag.videos, ...embedded.flatMap((e) => e.tags)]);
    const items: (RSSFeedItem & { pubDate: Date })[] = [
      ...posts.map((p, i) => ({
        title: p.title,
        link: `${siteUrl}${postPath(p.slug)}`,
        pubDate: p.publishedAt,
        description: p.excerpt,
        // The whole body as `content:encoded`, notes as endnotes: a reader reads no stylesheet of ours.
        content: renderBody(p, { idPrefix: postIdPrefix(p.id), medium: "mail", siteUrl, media: embedded[i]?.media }),
        categories: [p.category],
      })),
      ...videos.map((v) => ({
        title: v.title,
        link: `${siteUrl}${videoPath(v.slug)}`,
        pubDate: v.publishedAt,
        description: paragraphs(v.description)[0] ?? "",
        categories: [v.category],
      })),
    ]
      .sort((a, b) => b.pubDate.getTime() - a.pubDate.getTime())
      .slice(0, FEED_ITEMS);
    const xml = await getRssString({
      title: siteName,
      description: `Overlooked, underwhelming things, noticed on purpose by ${curatorName}.`,
      site: siteUrl,
      items,
      xmlns: { atom: "http://www.w3.org/2005/Atom" },
      customData: `<atom:link href="${escapeXml(`${siteUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    });
    return new Response(xml, {
      headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
    });
  });
