import type { Nodes, Root } from "mdast";
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
    { transforms: [linkBareAddresses] },
  );
}

/** The autolink extension's pass over the text, without its tokenizer's handlers, which have nothing to read. */
const [linkAddressesUnder] = gfmAutolinkLiteralFromMarkdown().transforms ?? [];

/** What every bare address has in it: a scheme, `www.` or an e-mail's `@`. */
const MAYBE_ADDRESS = /https?:\/\/|www\.|@/i;

/**
 * Bare addresses made links, with the extension's own pass run only over the nodes whose
 * text might hold one: run over the whole tree it visits every text node through a
 * visitor that names itself per node, a sixth of a long essay's render time.
 */
function linkBareAddresses(tree: Root): undefined {
  const walk = (node: Nodes): void => {
    if (!("children" in node) || node.type === "link" || node.type === "linkReference") return;
    if (node.children.some((child) => child.type === "text" && MAYBE_ADDRESS.test(child.value))) {
      linkAddressesUnder?.(node as Root);
      return;
    }
    for (const child of node.children) walk(child);
  };
  walk(tree);
}
