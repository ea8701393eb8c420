import type { Processor } from "unified";
import { gfmAutolinkLiteralFromMarkdown } from "mdast-util-gfm-autolink-literal";
import { gfmFootnoteFromMarkdown } from "mdast-util-gfm-footnote";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { gfmFootnote } from "micromark-extension-gfm-footnote";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";
import { gfmTable } from "micromark-extension-gfm-table";

/**
 * GitHub's extensions as an essay uses them, from the parts `remark-gfm` is made of: tables,
 * strikethrough and footnotes as remark-gfm reads them; no task lists (an essay has no use
 * for checkboxes, so `- [ ] x` stays text); and bare addresses (`https://…`, `www.…`, e-mail)
 * made links by the syntax tree's pass over the text alone, not also by the tokenizer, which
 * tries every word as a possible address and was a third of a long essay's render time
 * (decision 0025).
 */
export function remarkEssayGfm(this: Processor) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmFootnote(), gfmStrikethrough(), gfmTable());
  (data.fromMarkdownExtensions ??= []).push(
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTableFromMarkdown(),
    gfmAutolinkLiteralFromMarkdown(),
  );
}
