import type { Definition, Image, Link, Nodes, Root } from "mdast";
import { visit } from "unist-util-visit";
import { markdownProcessor } from "@/lib/markdown/pipeline";

/** The addresses a Markdown body points at, as its syntax tree reads them (never inside code). */
export interface BodyAddresses {
  /** Every image's source, inline or by reference, each once, in order. */
  images: string[];
  /** Every link's target, each once, in order. */
  links: string[];
}

function parse(markdown: string): Root {
  return markdownProcessor("").parse(markdown);
}

/** Images by reference take their address from a definition, which is where it is rewritten. */
function imageDefinitions(tree: Root): Set<string> {
  const used = new Set<string>();
  visit(tree, "imageReference", (node) => {
    used.add(node.identifier);
  });
  return used;
}

/**
 * What a body points at: its images (what an import brings in) and its links (what it
 * rewrites when they lead to the old site's own posts).
 * @example bodyAddresses("![A](https://old.blog/a.jpg) [b](https://old.blog/b/)") // { images: ["https://old.blog/a.jpg"], links: ["https://old.blog/b/"] }
 */
export function bodyAddresses(markdown: string): BodyAddresses {
  const tree = parse(markdown);
  const byReference = imageDefinitions(tree);
  const images = new Set<string>();
  const links = new Set<string>();
  visit(tree, (node: Nodes) => {
    if (node.type === "image") images.add(node.url);
    if (node.type === "definition" && byReference.has(node.identifier)) images.add(node.url);
    if (node.type === "link") links.add(node.url);
  });
  return { images: [...images], links: [...links] };
}

const escapeText = (text: string) => text.replace(/[\\[\]]/g, (c) => `\\${c}`);
const titlePart = (title: string | null | undefined) => (title ? ` "${title.replace(/[\\"]/g, (c) => `\\${c}`)}"` : "");

interface Edit {
  start: number;
  end: number;
  text: string;
}

function imageEdit(node: Image, url: string, start: number, end: number): Edit {
  return { start, end, text: `![${escapeText(node.alt ?? "")}](${url}${titlePart(node.title)})` };
}

function definitionEdit(node: Definition, url: string, start: number, end: number): Edit {
  return { start, end, text: `[${node.label ?? node.identifier}]: ${url}${titlePart(node.title)}` };
}

/** Only the part after a link's text is rewritten, so its text keeps its own markup. */
function linkEdit(markdown: string, node: Link, url: string, start: number, end: number): Edit | null {
  const textEnd = node.children.at(-1)?.position?.end.offset ?? start + 1;
  if (!markdown.startsWith("](", textEnd)) return null; // An autolink: nothing to rewrite in place.
  return { start: textEnd, end, text: `](${url}${titlePart(node.title)})` };
}

/**
 * The body with each image and link address found in `images` or `links` replaced by the
 * address given there: every other character stays as written. Images and definitions are
 * written afresh (alt text and title escaped); a link keeps its text.
 */
export function rewriteAddresses(
  markdown: string,
  images: ReadonlyMap<string, string>,
  links: ReadonlyMap<string, string> = new Map(),
): string {
  const tree = parse(markdown);
  const byReference = imageDefinitions(tree);
  const edits: Edit[] = [];
  visit(tree, (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    if (node.type === "image") {
      const url = images.get(node.url);
      if (url !== undefined) edits.push(imageEdit(node, url, start, end));
    } else if (node.type === "definition") {
      const url = byReference.has(node.identifier) ? images.get(node.url) : links.get(node.url);
      if (url !== undefined) edits.push(definitionEdit(node, url, start, end));
    } else if (node.type === "link") {
      const url = links.get(node.url);
      const edit = url === undefined ? null : linkEdit(markdown, node, url, start, end);
      if (edit) edits.push(edit);
    }
  });
  let out = markdown;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}
