import { escapeMarkdownLine } from "@/lib/markdown/escape-markdown";

/** Elements whose content is code or styling, never words, and which the words go without. */
const RAW_TEXT = ["script", "style", "template", "noscript"];
/** Tags after which a reader sees a new paragraph. */
const BREAKS = /<\/?(?:p|div|br|li|h[1-6]|blockquote|pre|tr|section|article|figure|figcaption|hr)\b[^<>]*>/gi;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** `html` without the content of each raw-text element: from its opening to its closing, or to the end. */
function withoutRawText(html: string): string {
  let kept = "";
  let at = 0;
  const lower = html.toLowerCase();
  const opening = new RegExp(`<(${RAW_TEXT.join("|")})\\b`, "g");
  for (let match = opening.exec(lower); match; match = opening.exec(lower)) {
    if (match.index < at) continue;
    kept += html.slice(at, match.index);
    const close = lower.indexOf(`</${match[1] ?? ""}`, match.index);
    at = close === -1 ? html.length : close;
    opening.lastIndex = at + 1;
  }
  return kept + html.slice(at);
}

/**
 * The words of HTML that could not be read as a document (nested thousands of elements
 * deep, past what the parser and turndown can follow), as Markdown paragraphs, escaped:
 * its formatting is lost, its words are not. Every pattern stops at the next `<`, so a
 * text full of unclosed brackets is still read in one pass.
 * @example wordsOnly("<div><b>One</b></div><p>*Two*</p>") // "One\n\n\\*Two\\*"
 */
export function wordsOnly(html: string): string {
  const text = withoutRawText(html)
    .replace(BREAKS, "\n\n")
    .replace(/<[^<>]*>/g, "")
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : /^#/.test(name) ? Number(name.slice(1)) : NaN;
      if (Number.isInteger(code) && code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter((paragraph) => paragraph !== "")
    .map(escapeMarkdownLine)
    .join("\n\n");
}
