import { asc, count, eq, gt } from "drizzle-orm";
import { type Db, tables } from "@/lib/db.server";
import { notFound } from "@/lib/errors";
import { postPath, videoPath } from "@/lib/paths";
import { changeOf, tag, type ContentTag } from "@/modules/publishing/content-tags";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import type { RedirectJson } from "./import-json";
import { redirectPath } from "./old-paths";

const { redirects, posts, videos } = tables;

/** What an old address leads to: the new page when its item is public, and the tag that follows the item either way. */
export interface RedirectTarget {
  /** Where to send the visitor; null while the item is not public (a draft: the address is "not found" for now). */
  location: string | null;
  tag: ContentTag;
}

/**
 * The page an old address now leads to, or null when it is no imported item's: read for a
 * request the site's own pages did not answer, by its path as a redirect keeps it.
 */
export async function redirectFor(db: Db, pathname: string): Promise<RedirectTarget | null> {
  const path = redirectPath(pathname);
  if (!path) return null;
  const [found] = await db
    .select({
      postId: redirects.postId,
      videoId: redirects.videoId,
      postSlug: posts.slug,
      postStatus: posts.status,
      videoSlug: videos.slug,
      videoStatus: videos.status,
    })
    .from(redirects)
    .leftJoin(posts, eq(posts.id, redirects.postId))
    .leftJoin(videos, eq(videos.id, redirects.videoId))
    .where(eq(redirects.path, path))
    .limit(1);
  if (!found) return null;
  if (found.postId !== null) {
    return {
      location: found.postStatus === "published" && found.postSlug ? postPath(found.postSlug) : null,
      tag: tag.post(found.postId),
    };
  }
  if (found.videoId !== null) {
    return {
      location: found.videoStatus === "published" && found.videoSlug ? videoPath(found.videoSlug) : null,
      tag: tag.video(found.videoId),
    };
  }
  return null;
}

export const REDIRECTS_PAGE = 50;

/** Old addresses in path order, a page at a time after `after` (a path), and how many there are. */
export async function listRedirects(db: Db, after = ""): Promise<{ rows: RedirectJson[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: redirects.id,
        path: redirects.path,
        postTitle: posts.title,
        postSlug: posts.slug,
        videoTitle: videos.title,
        videoSlug: videos.slug,
      })
      .from(redirects)
      .leftJoin(posts, eq(posts.id, redirects.postId))
      .leftJoin(videos, eq(videos.id, redirects.videoId))
      .where(after ? gt(redirects.path, after) : undefined)
      .orderBy(asc(redirects.path))
      .limit(REDIRECTS_PAGE),
    db.select({ n: count() }).from(redirects),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      path: row.path,
      title: row.postTitle ?? row.videoTitle ?? "",
      to: row.postSlug ? postPath(row.postSlug) : row.videoSlug ? videoPath(row.videoSlug) : "",
    })),
    total: total?.n ?? 0,
  };
}

/** Remove an old address: from now on it is "not found", as any address the site never had. */
export async function removeRedirect(db: Db, id: number): Promise<void> {
  const removed = await db.delete(redirects).where(eq(redirects.id, id)).returning({ id: redirects.id });
  if (!removed.length) throw notFound("Redirect");
  await sitePublisher().publish(changeOf.redirects());
}
