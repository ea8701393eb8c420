import type { Snippet } from "@/lib/snippet";
import { fragmentSeconds } from "@/modules/videos/media-time";
import type { Moment } from "@/modules/videos/moment";

/** An element of an indexed page with an `id`, as Pagefind keeps it: the word it starts at. */
export interface PagefindAnchor {
  id: string;
  text: string;
  location: number;
}

/**
 * Where a Pagefind result's page says what was searched for: the first line said (an anchor
 * `pagefindPage` gave the id `t=<seconds>`) holding a matched word, with its words, the
 * matched ones marked; null when no match is in a line said (a match in the title, or a page
 * without captions).
 */
export function pagefindMoment(anchors: readonly PagefindAnchor[], locations: readonly number[]): Moment | null {
  const lines = anchors
    .flatMap((anchor) => {
      const start = fragmentSeconds(anchor.id);
      return start === null ? [] : [{ ...anchor, start }];
    })
    .sort((a, b) => a.location - b.location);
  for (const [i, line] of lines.entries()) {
    const end = lines[i + 1]?.location ?? Infinity;
    const matched = new Set(locations.filter((at) => at >= line.location && at < end).map((at) => at - line.location));
    if (matched.size === 0) continue;
    const snippet: Snippet = [];
    let word = 0;
    for (const part of line.text.split(/(\s+)/)) {
      if (part === "") continue;
      const isWord = /\S/.test(part);
      const match = isWord && matched.has(word);
      if (isWord) word += 1;
      const last = snippet.at(-1);
      if (last && last.match === match) last.text += part;
      else snippet.push({ text: part, match });
    }
    return { start: line.start, snippet };
  }
  return null;
}
