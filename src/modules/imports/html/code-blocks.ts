/**
 * The mark that holds a code block's place while turndown writes the rest. A private-use
 * character, taken out of every source before it is read (`withoutHeldMarks`).
 */
const MARK = "\uE000";
const HELD = new RegExp(`^(.*?)${MARK}(\\d+)${MARK}$`);

/** A source's text without the mark, so only the converter's own places are filled. */
export const withoutHeldMarks = (html: string): string => html.replaceAll(MARK, "");

/** A fenced block of `code`: its fence one longer than any run of backticks inside it. */
function fenced(code: string, language: string): string[] {
  let longest = 2;
  for (const [run] of code.matchAll(/`{3,}/g)) longest = Math.max(longest, run.length);
  const fence = "`".repeat(longest + 1);
  return [`${fence}${language}`, ...code.replace(/\n$/, "").split("\n"), fence];
}

/**
 * Code blocks kept aside while turndown writes the text around them, and put back after.
 * Turndown trims its output with `/[\t\r\n\s]+$/`, which retries at every space of a long
 * run that does not end the text: a block of a few hundred thousand spaces took minutes.
 * Held, a block is one short line wherever it stands, which tidying the Markdown leaves
 * alone; put back, each of its lines takes the prefix its place was given (a list item's
 * indent, a quote's `> `, a footnote's four spaces).
 */
export class HeldCodeBlocks {
  readonly #blocks: string[][] = [];

  /** The line that holds a block of `code` in `language` (possibly empty) until `putBack`. */
  hold(code: string, language: string): string {
    const index = this.#blocks.push(fenced(code, language)) - 1;
    return `${MARK}${String(index)}${MARK}`;
  }

  /** `markdown` with every held block in its place. */
  putBack(markdown: string): string {
    return markdown
      .split("\n")
      .map((line) => {
        const held = line.includes(MARK) ? HELD.exec(line) : null;
        const block = held ? this.#blocks[Number(held[2])] : undefined;
        if (!held || !block) return line;
        const prefix = held[1] ?? "";
        // Lines after the first are inside the same list item: its marker's width in spaces.
        const inside = prefix.replace(/(?:[-*+]|\d+[.)]) /g, (marker) => " ".repeat(marker.length));
        return block.map((blockLine, index) => `${index === 0 ? prefix : inside}${blockLine}`.trimEnd()).join("\n");
      })
      .join("\n");
  }
}
