import type { Snippet } from "@/lib/snippet";

/** Where a video's transcript says what a search looked for: the line, matches marked, and the second it starts in. */
export interface Moment {
  /** Whole seconds, as the video page's `#t=` address takes them. */
  start: number;
  snippet: Snippet;
}
