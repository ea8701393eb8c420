import type { Paragraph, Parent, Root, RootContent } from "mdast";
import type { ContainerDirective, LeafDirective } from "mdast-util-directive";
import { toString } from "mdast-util-to-string";

/** The boxes a container directive may draw, by name: each an `aside` of that class. */
const BOXES = new Set(["aside", "pullquote"]);

/** The leaf directive that embeds one of the site's own videos: `::video[slug]`. */
export const VIDEO_DIRECTIVE = "video";

/** The attribute the video's placeholder carries its slug in, until `rehypeVideoEmbeds` draws it. */
export const VIDEO_SLUG_PROPERTY = "dataVideo";

type Directive = ContainerDirective | LeafDirective;

const paragraph = (value: string): Paragraph => ({ type: "paragraph", children: [{ type: "text", value }] });

/** What a directive's slug names: its label's words, trimmed. */
export const directiveSlug = (node: LeafDirective): string => toString(node).trim();

/**
 * What the site's directives become in HTML. `:::aside` and `:::pullquote` are `aside`s of
 * that class, their label (`:::aside[A title]`) a first line of their own; `::video[slug]`
 * is a placeholder holding the slug, which `rehypeVideoEmbeds` replaces after the sanitizer.
 * No attribute an author writes (`{class=… onclick=…}`) is carried over. Any other
 * directive is shown as the author wrote it, so a mistyped name never swallows words.
 */
export function remarkDirectiveElements() {
  return (tree: Root, file: { value: unknown }) => {
    readDirectives(tree, String(file.value));
  };
}

/** Blocks whose children are words, where no block directive can stand: never walked into. */
const PHRASING_HOLDERS = new Set(["paragraph", "heading", "table"]);

/**
 * Each directive among `parent`'s blocks and theirs, in document order. A plain loop over
 * blocks alone: `unist-util-visit` over every word of a long essay cost more than the
 * directives it found.
 */
function readDirectives(parent: Parent, source: string): void {
  for (let index = 0; index < parent.children.length; index++) {
    const node = parent.children[index] as RootContent;
    if (node.type === "containerDirective" && BOXES.has(node.name)) {
      node.data = { hName: "aside", hProperties: { className: [node.name] } };
      const [label] = node.children;
      if (label?.type === "paragraph" && label.data?.directiveLabel)
        label.data = { ...label.data, hProperties: { className: ["aside__title"] } };
      readDirectives(node, source);
    } else if (node.type === "leafDirective" && node.name === VIDEO_DIRECTIVE) {
      node.data = { hName: "div", hProperties: { [VIDEO_SLUG_PROPERTY]: directiveSlug(node) }, hChildren: [] };
    } else if (node.type === "containerDirective" || node.type === "leafDirective") {
      // Its opening line takes its place and what it wrapped follows, read on the next turns,
      // so a directive inside an unknown one is still read.
      parent.children.splice(index, 1, ...asWritten(node, source));
    } else if ("children" in node && !PHRASING_HOLDERS.has(node.type)) {
      readDirectives(node, source);
    }
  }
}

/**
 * An unknown directive as its source: a leaf as its line; a container as its opening line,
 * its content (read as Markdown, as it was) and its closing line.
 */
function asWritten(node: Directive, source: string): RootContent[] {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  const lines = (start === undefined || end === undefined ? `::${node.name}` : source.slice(start, end)).split("\n");
  const opening = paragraph(lines[0]?.trim() ?? "");
  if (node.type === "leafDirective") return [opening];
  const last = lines.length > 1 ? (lines.at(-1)?.trim() ?? "") : "";
  const closing = /^:{3,}$/.test(last) ? [paragraph(last)] : [];
  const content = node.children.filter((child) => !(child.type === "paragraph" && child.data?.directiveLabel));
  return [opening, ...content, ...closing];
}
