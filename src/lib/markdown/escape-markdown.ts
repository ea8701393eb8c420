import { paragraphs } from "@/lib/format";

// Anywhere in a line: escapes, emphasis, code, links and footnotes, raw HTML and autolinks in
// angle brackets, strikethrough, and entity references (`&amp;` would read as "&").
const INLINE = /[\\`*_[\]<~&]/g;
// At a line's start only: a heading, a quote, a bullet or a rule ("-", "+", "---"), an
// ordered item ("1." or "1)"), a directive ("::video[x]", ":::aside"; once its first colon
// is escaped, the rest is text).
const LINE_START = /^(#|>|-|\+|:|\d{1,9}(?=[.)]))/;

/**
 * One line of plain text as Markdown that reads back as the same text: every character
 * Markdown would take for syntax is backslash-escaped (CommonMark lets any ASCII
 * punctuation be). Bare URLs are left as they are: GitHub's autolinks make them links with
 * the same words.
 * @example escapeMarkdownLine("# 1 *very* fine") // "\\# 1 \\*very\\* fine"
 */
export function escapeMarkdownLine(line: string): string {
  const escaped = line.replace(INLINE, (char) => `\\${char}`);
  return escaped.replace(LINE_START, (start) => (/^\d/.test(start) ? `${start}\\` : `\\${start}`));
}

/**
 * A plain post's text as Markdown: each line its own paragraph, escaped so the words read
 * exactly as before. What a plain post becomes on its owner's first edit.
 * @example plainToMarkdown("One.\n# Two") // "One.\n\n\\# Two"
 */
export function plainToMarkdown(text: string): string {
  return paragraphs(text).map(escapeMarkdownLine).join("\n\n");
}
