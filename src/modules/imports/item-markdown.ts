import { htmlToMarkdown } from "./html-to-markdown";
import type { SourceItem } from "./source-item";

/** An item's body as the site's Markdown, and what the way there could not carry. */
export function itemMarkdown(item: SourceItem, siteUrl: string | null): { markdown: string; dropped: string[] } {
  if (item.body.format === "markdown") return { markdown: item.body.markdown, dropped: [] };
  return htmlToMarkdown(item.body.html, { flavor: item.body.flavor, siteUrl });
}

/** The key an item is known by among everything ever imported: its kind of export, its old site and its id there. */
export const itemKey = (origin: string, item: SourceItem): string => `${origin}|${item.sourceId}`;
