import type { Root } from "hast";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { remarkBlockDirectives } from "./block-directives";
import { bodySchema } from "./body-schema";
import { remarkDirectiveElements } from "./directive-elements";
import { remarkEssayGfm } from "./essay-gfm";
import { rehypeFigures } from "./figures";
import { rehypeHeadingIds } from "./heading-anchors";
import { eachElement } from "./hast";
import { rehypeOutsideLinks } from "./outside-links";

/** GFM's id for the notes' heading, which it does not prefix; `prefixNotesLabel` does. */
const NOTES_LABEL = "footnote-label";

/**
 * The unified stack an essay goes through, in two halves around the sanitizer: what the
 * author wrote is parsed (CommonMark, GitHub's tables, strikethrough, autolinks and
 * footnotes; no task lists; block directives: `:::aside`, `:::pullquote`, `::video[slug]`),
 * turned into HTML's tree with raw HTML dropped, and held to `bodySchema`; the structure the
 * site adds of its own comes after (heading ids, outside links, figures; `renderBody` adds
 * what depends on where the body is read: image sizes, embeds, and on a page the contents,
 * heading anchors and sidenotes). A feature that reads new syntax adds a remark plugin before
 * `remarkRehype`; one that draws trusted markup (a figure, an embed) adds a rehype plugin
 * after the sanitizer.
 */
export function markdownProcessor(idPrefix: string) {
  return unified()
    .use(remarkParse)
    .use(remarkEssayGfm)
    .use(remarkBlockDirectives)
    .use(remarkDirectiveElements)
    .use(remarkRehype, {
      // Every id GFM writes (notes, references) starts with the post's prefix.
      clobberPrefix: idPrefix,
      footnoteLabel: "Notes",
      footnoteLabelProperties: { className: ["footnotes__label"] },
      footnoteBackLabel: (index: number) => `Back to reference ${String(index + 1)}`,
    })
    .use(rehypeSanitize, bodySchema)
    .use(() => prefixNotesLabel(idPrefix))
    .use(() => rehypeHeadingIds(idPrefix))
    .use(rehypeOutsideLinks)
    .use(rehypeFigures)
    .use(rehypeStringify);
}

/** The notes' heading and what refers to it, under the post's prefix like every other id. */
function prefixNotesLabel(idPrefix: string) {
  return (tree: Root) => {
    eachElement(tree, (node) => {
      if (node.properties.id === NOTES_LABEL) node.properties.id = `${idPrefix}${NOTES_LABEL}`;
      if (node.properties.ariaDescribedBy !== undefined)
        node.properties.ariaDescribedBy = [`${idPrefix}${NOTES_LABEL}`];
    });
  };
}

/** A post's Markdown as the sanitised tree its page, its feed item and its letter are drawn from. */
export function markdownTree(source: string, idPrefix: string): Root {
  const processor = markdownProcessor(idPrefix);
  // The source goes along as the file: an unknown directive is shown as it was written.
  return processor.runSync(processor.parse(source), source);
}
