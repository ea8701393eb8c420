import { inArray } from "drizzle-orm";
import { posts, videos } from "../../../db/schema/index.ts";
import type { Db } from "@/lib/db.server";

/** What a counted path is, for the owner's report: a post, a video, or another page of the site. */
export interface CountedPage {
  path: string;
  kind: "post" | "video" | "page";
  title: string;
}

const POST = /^\/post\/([^/]+)$/;
const VIDEO = /^\/videos\/([^/]+)$/;

/** Each path named as the owner knows it: a post's or video's title, else the path itself. */
export async function pageTitles(db: Db, paths: readonly string[]): Promise<Map<string, CountedPage>> {
  const slugs = (pattern: RegExp) => paths.flatMap((path) => pattern.exec(path)?.[1] ?? []);
  const postSlugs = slugs(POST);
  const videoSlugs = slugs(VIDEO);
  const [postRows, videoRows] = await Promise.all([
    postSlugs.length > 0
      ? db.select({ slug: posts.slug, title: posts.title }).from(posts).where(inArray(posts.slug, postSlugs))
      : [],
    videoSlugs.length > 0
      ? db.select({ slug: videos.slug, title: videos.title }).from(videos).where(inArray(videos.slug, videoSlugs))
      : [],
  ]);
  const postTitles = new Map(postRows.map((row) => [row.slug, row.title]));
  const videoTitles = new Map(videoRows.map((row) => [row.slug, row.title]));
  return new Map(
    paths.map((path): [string, CountedPage] => {
      const post = POST.exec(path)?.[1];
      const video = VIDEO.exec(path)?.[1];
      const postTitle = post === undefined ? undefined : postTitles.get(post);
      const videoTitle = video === undefined ? undefined : videoTitles.get(video);
      if (postTitle !== undefined) return [path, { path, kind: "post", title: postTitle }];
      if (videoTitle !== undefined) return [path, { path, kind: "video", title: videoTitle }];
      return [path, { path, kind: "page", title: path }];
    }),
  );
}
