import type { Chapter } from "./chapters";
import { fragmentFor } from "./media-time";

/**
 * A video's chapters as schema.org `Clip`s for its `VideoObject`'s `hasPart`: what search
 * engines show as key moments, each linking to the page at its start.
 */
export function keyMoments(chapters: readonly Chapter[], pageUrl: string) {
  return chapters.map((chapter) => ({
    "@type": "Clip",
    name: chapter.title,
    startOffset: Math.floor(chapter.start),
    endOffset: Math.ceil(chapter.end),
    url: `${pageUrl}${fragmentFor(chapter.start)}`,
  }));
}
