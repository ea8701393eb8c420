import { postPath, videoPath } from "@/lib/paths";
import { bodyText } from "@/lib/markdown/render-body";
import { toPostCard, type PostCardData } from "@/modules/posts/card";
import { serializePost, type PostJson } from "@/modules/posts/serialize";
import type { PostRow } from "@/modules/posts/posts.server";
import { toVideoCard } from "@/modules/videos/card";
import type { VideoCardData } from "@/modules/videos/card";
import { serializeVideo, type VideoJson } from "@/modules/videos/serialize";
import type { Cue } from "@/modules/videos/transcript";
import type { VideoRow } from "@/modules/videos/videos.server";

/** The site is written in English; one language keeps one index. */
export const SEARCH_LANGUAGE = "en";

export type SearchKind = "post" | "video";

/**
 * One page as Pagefind indexes it (its `addCustomRecord` input): the words of the page's
 * article, never the site's header or footer; the card the listings draw, as metadata, so
 * a result needs no second request; kind and category as filters; the date to sort by.
 */
export interface SearchRecord {
  url: string;
  content: string;
  language: string;
  meta: { title: string; image: string; card: string };
  filters: { kind: [SearchKind]; category: [string] };
  sort: { published: string };
  /**
   * What a video says, line by line, indexed after `content`: each line is marked with the
   * second it is said at, so a match in it can link there (see pagefind-page.ts).
   */
  said?: Pick<Cue, "start" | "text">[];
}

/** The article's words in reading order, blank parts left out. */
const words = (...parts: (string | null)[]): string => parts.filter(Boolean).join("\n\n");

/** A post's record: its title, excerpt, body and analysis, as its page shows them. */
export function postRecord(row: PostRow): SearchRecord {
  const post: PostJson = serializePost(row);
  const card: PostCardData = toPostCard(post);
  return {
    url: postPath(post.slug),
    content: words(
      post.title,
      post.excerpt,
      bodyText(row),
      post.existentialEcho,
      post.soundtrackPotential,
      post.emotionalTexture,
    ),
    language: SEARCH_LANGUAGE,
    meta: { title: post.title, image: post.imageUrl, card: JSON.stringify(card) },
    filters: { kind: ["post"], category: [post.category] },
    sort: { published: post.publishedAt },
  };
}

/** A video's record: its title and description, the words its page shows, and what its captions say. */
export function videoRecord(row: VideoRow, transcript: readonly Cue[] = []): SearchRecord {
  const video: VideoJson = serializeVideo(row);
  const card: VideoCardData = toVideoCard(video);
  return {
    url: videoPath(video.slug),
    content: words(video.title, video.description),
    language: SEARCH_LANGUAGE,
    meta: { title: video.title, image: video.thumbnailUrl, card: JSON.stringify(card) },
    filters: { kind: ["video"], category: [video.category] },
    sort: { published: video.publishedAt },
    ...(transcript.length > 0 && { said: transcript.map(({ start, text }) => ({ start, text })) }),
  };
}
