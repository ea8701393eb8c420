import { formatDate, utcWhenText } from "@/lib/format";
import type { ContentStatus } from "./publication";

/** What an item's page says of when it goes public: words, then a time if it has one. */
export interface Dateline {
  /** Before the time: "Goes out"; all there is for a draft. */
  words: string;
  /** The time as the page first shows it; `local` ones are rewritten in the reader's zone (`local-times.ts`). */
  time: { iso: string; text: string; local: boolean } | null;
}

/**
 * The dateline of a post's or video's page: its day once published; on a preview, that a
 * draft is not published, or the day and time a schedule sends it out (in the reader's time).
 * @example dateline({ status: "draft", publishedAt: new Date() }) // { words: "Draft: not published yet", time: null }
 */
export function dateline({ status, publishedAt }: { status: ContentStatus; publishedAt: Date }): Dateline {
  const iso = publishedAt.toISOString();
  switch (status) {
    case "draft":
      return { words: "Draft: not published yet", time: null };
    case "scheduled":
      return { words: "Goes out", time: { iso, text: utcWhenText(publishedAt), local: true } };
    case "published":
      return { words: "", time: { iso, text: formatDate(publishedAt), local: false } };
  }
}
