/** A fenced code block: its opening fence to the matching closing fence, or the end of the text. */
const FENCE = /^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\2[`~]*[ \t]*$|(?![\s\S]))/gm;
/** An inline code span: a run of backticks to the next run of the same length. */
const CODE_SPAN = /(`+)[\s\S]*?\1/g;

function eachOutside(text: string, pattern: RegExp, change: (text: string) => string): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    out += change(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + change(text.slice(last));
}

/**
 * Markdown with `change` made to its prose alone: code blocks and code spans are left as
 * written, so a post about Hugo keeps the shortcodes it shows and a path in code stays put.
 * @example outsideCode("{{< x >}} `{{< x >}}`", (t) => t.replaceAll("x", "y")) // "{{< y >}} `{{< x >}}`"
 */
export const outsideCode = (markdown: string, change: (prose: string) => string): string =>
  eachOutside(markdown, FENCE, (prose) => eachOutside(prose, CODE_SPAN, change));
