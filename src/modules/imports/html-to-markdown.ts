import type { HtmlFlavor } from "./source-item";
import { withoutHeldMarks } from "./html/code-blocks";
import { DroppedTally, droppedKind } from "./html/dropped-kinds";
import { parseBody, unwrapMarkerLookalikes } from "./html/dom";
import { shapeFigures, unwrapImageLinks } from "./html/figures";
import { moveFootnotes } from "./html/footnotes";
import { reshapeGhost, resolveGhostUrl } from "./html/ghost";
import { markdownWriter } from "./html/markdown-rules";
import { reshapeMedium } from "./html/medium";
import { shapeCodeBlocks, shapeTables, shiftHeadings, tightenListItems, trimLineBreaks } from "./html/shape-blocks";
import { replaceShortcodes } from "./html/shortcodes";
import { reshapeSubstack } from "./html/substack";
import { tidyMarkdown } from "./html/tidy-markdown";
import { removeComments, removeUntrusted } from "./html/untrusted";
import { isBlockContent, reshapeWordPress } from "./html/wordpress";
import { wordsOnly } from "./html/words-only";

export interface HtmlToMarkdownOptions {
  flavor: HtmlFlavor;
  /** The old site's address, which Ghost writes as `__GHOST_URL__`; without it, its links are root-relative. */
  siteUrl?: string | null;
}

/** Said once at most: a body is either read or, nested too deep, taken as its words. */
const TOO_DEEP = droppedKind("its formatting, nested too deep to read (its words are kept)", "");

/** A footnote's definition: its first line after the label, the rest indented to stay in it. */
const definition = (number: number, markdown: string): string =>
  `[^${String(number)}]: ${markdown.trim().replace(/\n(?=.)/g, "\n    ")}`;

/**
 * A body a source wrote in HTML as the essay's Markdown, and what of it could not be carried,
 * in the owner's words, each kind once ("a [gallery] shortcode", "2 subscribe buttons").
 * Nothing of the HTML is trusted: scripts, styles, frames (but YouTube's and Vimeo's, which
 * become their video's line), forms and the like are removed, never kept as text, and the
 * Markdown holds no HTML. The source's own markup (WordPress's shortcodes and classic
 * paragraphs, Ghost's cards, Substack's and Medium's blocks) is reshaped first into plain
 * HTML the one set of rules writes; images keep their addresses for the importer to rewrite.
 * @example htmlToMarkdown("<h1>Hi</h1><p>A <b>bold</b> move</p>", { flavor: "plain" }) // { markdown: "## Hi\n\nA **bold** move\n", dropped: [] }
 */
export function htmlToMarkdown(html: string, options: HtmlToMarkdownOptions): { markdown: string; dropped: string[] } {
  const dropped = new DroppedTally();
  try {
    return { markdown: convert(html, options, dropped), dropped: dropped.list() };
  } catch (error) {
    // HTML nested thousands deep overflows the stack of the parser or of turndown, which
    // both recurse; its words are still carried, without their formatting.
    if (!(error instanceof RangeError)) throw error;
    const words = new DroppedTally();
    words.add(TOO_DEEP);
    return { markdown: tidyMarkdown(wordsOnly(withoutHeldMarks(html))), dropped: words.list() };
  }
}

/** The conversion itself, as `htmlToMarkdown` says, tallying what it leaves out in `dropped`. */
function convert(html: string, options: HtmlToMarkdownOptions, dropped: DroppedTally): string {
  const { flavor } = options;
  const clean = withoutHeldMarks(html);
  const source =
    flavor === "wordpress"
      ? replaceShortcodes(clean, dropped)
      : flavor === "ghost"
        ? resolveGhostUrl(clean, options.siteUrl)
        : clean;
  const root = parseBody(source);
  unwrapMarkerLookalikes(root);
  removeComments(root);
  if (flavor === "wordpress") reshapeWordPress(root, isBlockContent(html));
  if (flavor === "ghost") reshapeGhost(root, dropped);
  if (flavor === "substack") reshapeSubstack(root, dropped);
  if (flavor === "medium") reshapeMedium(root);
  removeUntrusted(root, dropped);
  unwrapImageLinks(root);
  shapeFigures(root);
  shapeCodeBlocks(root);
  shapeTables(root);
  shiftHeadings(root);
  tightenListItems(root);
  trimLineBreaks(root);
  const notes = moveFootnotes(root);
  const { write, putBack } = markdownWriter(dropped);
  const definitions = notes.map(({ number, content }) => definition(number, write(content)));
  return putBack(tidyMarkdown([write(root), ...definitions].join("\n\n")));
}
