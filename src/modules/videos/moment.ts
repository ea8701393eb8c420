import type { Snippet } from "@/lib/snippet";

/** Where a video's transcript says what a search looked for: the second its line starts at, and the line, matches marked. */
export interface Moment {
  start: number;
  snippet: Snippet;
}
