/**
 * The mark that holds a code block's place while turndown writes the rest. A private-use
 * character, taken out of every source before it is read (`withoutHeldMarks`).
 */
const MARK = "\uE000";
/** A held block alone on its line, after only what nests it: indentation, quotes' `>`, list markers. */
const HELD = new RegExp(`^((?:[ >]|[-*+] |\\d{1,9}[.)] )*)${MARK}(\\d+)${MARK}$`);
const HELD_WITHIN = new RegExp(`${MARK}(\\d+)${MARK}`, "g");

/** A source's text without the mark, so only the converter's own places are filled. */
export const withoutHeldMarks = (html: string): string => html.replaceAll(MARK, "");

/** A fenced block of `code`: its fence one longer than any run of backticks inside it. */
function fenced(code: string, language: string): string[] {
  let longest = 2;
  for (const [run] of code.matchAll(/`{3,}/g)) longest = Math.max(longest, run.length);
  const fence = "`".repeat(longest + 1);
  return [`${fence}${language}`, ...code.replace(/\n$/, "").split("\n"), fence];
}

/** `code` on one line, as inline code: its fence of backticks one longer than any run inside it. */
function inline(code: string): string {
  const words = code.replace(/\s+/g, " ").trim();
  let longest = 0;
  for (const [run] of words.matchAll(/`+/g)) longest = Math.max(longest, run.length);
  const ticks = "`".repeat(longest + 1);
  // CommonMark takes one space off each end, so code that starts or ends with a backtick can be told apart from the fence.
  const pad = /^`|`$/.test(words) ? " " : "";
  return words ? `${ticks}${pad}${words}${pad}${ticks}` : "";
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
  readonly #code: string[] = [];

  /** The line that holds a block of `code` in `language` (possibly empty) until `putBack`. */
  hold(code: string, language: string): string {
    this.#code.push(code);
    const index = this.#blocks.push(fenced(code, language)) - 1;
    return `${MARK}${String(index)}${MARK}`;
  }

  /** `markdown` with every held block in its place. */
  putBack(markdown: string): string {
    return markdown
      .split("\n")
      .map((line) => {
        if (!line.includes(MARK)) return line;
        const held = HELD.exec(line);
        const block = held ? this.#blocks[Number(held[2])] : undefined;
        // A block inside a heading, a cell or a link has only its line: there it is inline code.
        if (!held || !block)
          return line.replace(HELD_WITHIN, (_, index: string) => inline(this.#code[Number(index)] ?? ""));
        const prefix = held[1] ?? "";
        // Lines after the first are inside the same list item: its marker's width in spaces.
        const inside = prefix.replace(/(?:[-*+]|\d+[.)]) /g, (marker) => " ".repeat(marker.length));
        return block.map((blockLine, index) => `${index === 0 ? prefix : inside}${blockLine}`.trimEnd()).join("\n");
      })
      .join("\n");
  }
}
