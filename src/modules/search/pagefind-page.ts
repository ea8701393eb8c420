import { escapeXml } from "@/lib/escape-xml";
import { fragmentFor } from "@/modules/videos/media-time";
import type { SearchRecord } from "./search-records";

const attribute = (name: string, value: string) => ` data-${name}="${escapeXml(value)}"`;

/**
 * A record that says something (a video with captions) as the page Pagefind indexes: a custom
 * record has no anchors, but in a page each element with an `id` is one, kept in the index
 * with the word it starts at. Each line said is such an element, its id the address fragment
 * that plays the video from it (`t=754`), so a result's matches tell which moment they are in
 * (pagefind-moment.ts). The title, card, filters and date are read from one empty element's
 * attributes (Pagefind's `name[attribute]` form), so a JSON card's commas cannot split them;
 * the words are paragraphs, as the custom record's are unweighted text.
 */
export function pagefindPage(record: SearchRecord): string {
  const { meta, filters, sort } = record;
  const data =
    `<div data-pagefind-meta="title[data-title], image[data-image], card[data-card]"` +
    ` data-pagefind-filter="kind[data-kind], category[data-category]" data-pagefind-sort="published[data-published]"` +
    attribute("title", meta.title) +
    attribute("image", meta.image) +
    attribute("card", meta.card) +
    attribute("kind", filters.kind[0]) +
    attribute("category", filters.category[0]) +
    attribute("published", sort.published) +
    "></div>";
  const paragraphs = record.content
    .split("\n\n")
    .map((text) => `<p>${escapeXml(text)}</p>`)
    .join("");
  const lines = (record.said ?? [])
    .map(({ start, text }) => `<p id="${fragmentFor(start).slice(1)}">${escapeXml(text)}</p>`)
    .join("");
  return `<!doctype html><html lang="${record.language}"><body>${data}${paragraphs}${lines}</body></html>`;
}
