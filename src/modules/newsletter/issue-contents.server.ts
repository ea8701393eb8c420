import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { postPath, videoPath } from "@/lib/paths";
import { postIdPrefix, renderBody } from "@/lib/markdown/render-body";
import { isPublic } from "@/modules/editorial/visibility.server";
import { bodyMedia } from "@/modules/embeds/body-media.server";
import type { IssueItem } from "./issue-item";

export type { IssueItem };

const { posts, videos, newsletterIssues: issues } = tables;

/** The posts and videos an issue carries, by id. */
export interface IssueItemIds {
  postIds: number[];
  videoIds: number[];
}

/** The most items one issue carries: a digest, not the archive. */
export const MAX_ISSUE_ITEMS = 12;
/** What a first digest looks back over, when no issue has gone out before it. */
const FIRST_DIGEST_DAYS = 31;
const SUMMARY_CHARACTERS = 280;
const MAILABLE_IMAGE = /\.(jpe?g|png|gif)$/i;

function summaryOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= SUMMARY_CHARACTERS ? flat : `${flat.slice(0, SUMMARY_CHARACTERS - 1).trimEnd()}…`;
}

function imageOf(siteUrl: string, src: string, alt: string): IssueItem["image"] {
  return MAILABLE_IMAGE.test(new URL(src, siteUrl).pathname) ? { src: new URL(src, siteUrl).href, alt } : undefined;
}

/**
 * What of `ids` the public may read, as a message shows it, newest first. Only this decides
 * what an issue carries, at every render: a post taken back into draft after its issue was
 * written is in no message, preview or send.
 */
export async function issueItems(db: Db, siteUrl: string, { postIds, videoIds }: IssueItemIds): Promise<IssueItem[]> {
  const [postRows, videoRows] = await Promise.all([
    postIds.length === 0
      ? []
      : db
          .select({
            id: posts.id,
            slug: posts.slug,
            title: posts.title,
            excerpt: posts.excerpt,
            content: posts.content,
            format: posts.format,
            imageUrl: posts.imageUrl,
            imageAlt: posts.imageAlt,
            publishedAt: posts.publishedAt,
          })
          .from(posts)
          .where(and(inArray(posts.id, postIds), isPublic(posts))),
    videoIds.length === 0
      ? []
      : db
          .select({
            id: videos.id,
            slug: videos.slug,
            title: videos.title,
            description: videos.description,
            thumbnailUrl: videos.thumbnailUrl,
            publishedAt: videos.publishedAt,
          })
          .from(videos)
          .where(and(inArray(videos.id, videoIds), isPublic(videos))),
  ]);
  const alone = postIds.length === 1 && videoIds.length === 0;
  // A letter of one post carries its body, with what the body embeds.
  const [lonePost] = postRows;
  const media = alone && lonePost ? (await bodyMedia(db, lonePost)).media : undefined;
  const items = [
    ...postRows.map((post) => ({
      at: post.publishedAt,
      item: {
        kind: "post" as const,
        id: post.id,
        title: post.title,
        summary: summaryOf(post.excerpt),
        ...(alone && { body: renderBody(post, { idPrefix: postIdPrefix(post.id), medium: "mail", siteUrl, media }) }),
        url: new URL(postPath(post.slug), siteUrl).href,
        image: imageOf(siteUrl, post.imageUrl, post.imageAlt ?? ""),
      },
    })),
    ...videoRows.map((video) => ({
      at: video.publishedAt,
      item: {
        kind: "video" as const,
        id: video.id,
        title: video.title,
        summary: summaryOf(video.description),
        url: new URL(videoPath(video.slug), siteUrl).href,
        image: imageOf(siteUrl, video.thumbnailUrl, ""),
      },
    })),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime()).map(({ item }) => item);
}

/**
 * What a digest carries: what went public since the last digest left (over the month before,
 * for the first), less anything an issue has already carried (a post emailed on its own is
 * not sent again), newest first.
 */
export async function newSinceLastIssue(db: Db, now: Date = new Date()): Promise<IssueItemIds> {
  const [last] = await db
    .select({ at: sql<Date>`coalesce(${issues.startedAt}, ${issues.sendAt})`.mapWith((v: string) => new Date(v)) })
    .from(issues)
    .where(and(eq(issues.digest, true), inArray(issues.status, ["scheduled", "sending", "paused", "sent"])))
    .orderBy(desc(sql`coalesce(${issues.startedAt}, ${issues.sendAt})`))
    .limit(1);
  const since = last?.at ?? new Date(now.getTime() - FIRST_DIGEST_DAYS * 24 * 60 * 60_000);
  const fresh = async (table: typeof posts | typeof videos, column: typeof issues.postIds | typeof issues.videoIds) => {
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          isPublic(table),
          sql`${table.publishedAt} > ${since.toISOString()}::timestamptz`,
          sql`not exists (select 1 from ${issues} where ${issues.status} in ('scheduled', 'sending', 'paused', 'sent') and ${table.id} = any(${column}))`,
        ),
      )
      .orderBy(desc(table.publishedAt))
      .limit(MAX_ISSUE_ITEMS);
    return rows.map((row) => row.id);
  };
  return { postIds: await fresh(posts, issues.postIds), videoIds: await fresh(videos, issues.videoIds) };
}

/** The `ref` tag an issue's links carry, by which the analytics count its clicks. */
export const issueTag = (issueId: number): string => `newsletter-${String(issueId)}`;

/**
 * What campaign tags say to the owner: an issue's tag becomes its subject ("Issue: …");
 * any other tag, or the tag of an issue since deleted, stays as it came.
 */
export async function tagNames(db: Db, tags: string[]): Promise<Map<string, string>> {
  const ids = tags.flatMap((tag) => /^newsletter-([1-9][0-9]{0,9})$/.exec(tag)?.[1] ?? []).map(Number);
  const rows =
    ids.length === 0
      ? []
      : await db.select({ id: issues.id, subject: issues.subject }).from(issues).where(inArray(issues.id, ids));
  const subjects = new Map(rows.map((row) => [issueTag(row.id), `Issue: ${row.subject}`]));
  return new Map(tags.map((tag) => [tag, subjects.get(tag) ?? tag]));
}

/**
 * A link with a `ref` tag added.
 * @example withRef("https://meh.example/post/a", "newsletter-3") // "https://meh.example/post/a?ref=newsletter-3"
 */
export function withRef(url: string, tag: string): string {
  const tagged = new URL(url);
  tagged.searchParams.set("ref", tag);
  return tagged.href;
}
