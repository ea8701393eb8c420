import { toText } from "hast-util-to-text";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { SKIP, visit } from "unist-util-visit";
import type { BodyFormat } from "../../../db/body-formats.ts";
import { paragraphs } from "@/lib/format";
import { markdownTree } from "./pipeline";
import { rehypeSidenotes } from "./sidenotes";

/** A post's body: its source and how it is written. */
export interface PostBody {
  content: string;
  format: BodyFormat;
}

export interface BodyOptions {
  /** Starts every id in the body, so two posts on one page never share one: `postIdPrefix`. */
  idPrefix: string;
  /** `sidenotes` on the site (in the margin, or opened in place); `endnotes` in mail and feeds. */
  notes: "sidenotes" | "endnotes";
}

/**
 * The id prefix of a post's body.
 * @example postIdPrefix(12) // "p12-"
 */
export const postIdPrefix = (postId: number): string => `p${String(postId)}-`;

// What Astro's `{text}` writes for these five, so a plain post's HTML is what it always was.
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "'": "&#39;", '"': "&quot;" };
const escapeText = (value: string): string => value.replace(/[&<>'"]/g, (char) => ENTITIES[char] ?? char);

const stringify = unified().use(rehypeStringify);

/**
 * A post's body as HTML, the one way every place that shows it draws it (its page, its
 * preview, its feed item, its letter). A plain post is a paragraph per line, escaped; a
 * Markdown one goes through the sanitised pipeline (`markdownProcessor`).
 * @example renderBody({ content: "One\nTwo", format: "plain" }, options) // "<p>One</p><p>Two</p>"
 */
export function renderBody(body: PostBody, { idPrefix, notes }: BodyOptions): string {
  if (body.format === "plain")
    return paragraphs(body.content)
      .map((p) => `<p>${escapeText(p)}</p>`)
      .join("");
  const tree = markdownTree(body.content, idPrefix);
  if (notes === "sidenotes") rehypeSidenotes(idPrefix)(tree);
  return stringify.stringify(tree);
}

/**
 * The words of a post's body as a reader reads them, paragraphs apart, with its notes at the
 * end: never its markup. What read time, the excerpt's fallback, search and structured
 * data count.
 * @example bodyText({ content: "Some *words*.[^1]\n\n[^1]: A note.", format: "markdown" }) // "Some words.1\n\nA note."
 */
export function bodyText(body: PostBody): string {
  // Runs of spaces read as one, in a browser as in Markdown's text.
  if (body.format === "plain")
    return paragraphs(body.content)
      .map((p) => p.replace(/\s+/g, " "))
      .join("\n\n");
  const tree = markdownTree(body.content, "");
  // What the site adds to be clicked, not read: heading anchors, notes' back-links and heading.
  visit(tree, "element", (node, index, parent) => {
    const { className, dataFootnoteBackref } = node.properties;
    const classes = Array.isArray(className) ? className : [];
    const clicked =
      dataFootnoteBackref !== undefined || ["heading-anchor", "footnotes__label"].some((c) => classes.includes(c));
    if (!clicked || !parent || index === undefined) return;
    parent.children.splice(index, 1);
    return [SKIP, index];
  });
  return toText(tree).trim();
}
