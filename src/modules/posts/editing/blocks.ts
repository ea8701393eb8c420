import { paragraphGap } from "./footnote";
import type { EditCommand } from "./text-edit";

/**
 * Put `block` in a paragraph of its own: on the blank line the cursor is on, else after
 * the line it is on (never splitting a sentence), with blank lines between it and the
 * paragraphs around it, and the cursor at its end.
 * @example applyEdit("One.\nTwo.", insertBlock("::video[x]")("One.\nTwo.", { from: 2, to: 2 })) // "One.\n\n::video[x]\n\nTwo."
 */
export const insertBlock =
  (block: string): EditCommand =>
  (text, { to }) => {
    const lineStart = text.lastIndexOf("\n", to - 1) + 1;
    const newline = text.indexOf("\n", to);
    const lineEnd = newline === -1 ? text.length : newline;
    const blank = text.slice(lineStart, lineEnd).trim() === "";
    const from = blank ? lineStart : lineEnd;
    const after = text.slice(lineEnd);
    const trailing = after === "" || after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
    const leading = paragraphGap(text.slice(0, from));
    const cursor = from + leading.length + block.length;
    return {
      changes: [{ from, to: lineEnd, insert: leading + block + trailing }],
      selection: { from: cursor, to: cursor },
    };
  };

/** An image the editor inserts: where it is, what it shows (empty when decorative), its caption. */
export interface Figure {
  src: string;
  alt: string;
  caption: string;
  decorative: boolean;
}

const oneLine = (words: string) => words.replace(/\s+/g, " ").trim();

/**
 * A figure as Markdown: `![alt](src "Caption")` alone in its paragraph. A decorative image
 * has an empty pair of quotes for its alt text (`![""](src)`), the mark the renderer reads as
 * `alt=""` (an empty `![](src)` is an image not described yet). Brackets in the alt text and
 * quotes in the caption are escaped, so they cannot end either early.
 * @example figureMarkdown({ src: "/uploads/images/a.png", alt: "A [red] door", caption: "", decorative: false }) // '![A \\[red\\] door](/uploads/images/a.png)'
 */
export function figureMarkdown({ src, alt, caption, decorative }: Figure): string {
  const words = decorative ? '""' : oneLine(alt).replace(/[\\[\]]/g, "\\$&");
  const target = /[\s()<>]/.test(src) ? `<${encodeURI(src)}>` : src;
  const title = oneLine(caption).replace(/[\\"]/g, "\\$&");
  return `![${words}](${target}${title ? ` "${title}"` : ""})`;
}

/**
 * One of the site's videos embedded in a post.
 * @example videoMarkdown("ceiling-tiles-ranked") // "::video[ceiling-tiles-ranked]"
 */
export const videoMarkdown = (slug: string): string => `::video[${slug}]`;
