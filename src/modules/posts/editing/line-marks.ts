import { keepingSelection, type EditCommand, type TextChange, type TextRange } from "./text-edit";

interface Line {
  from: number;
  text: string;
}

/** The lines a selection touches; a selection ending at a line's very start leaves that line out. */
function touchedLines(text: string, { from, to }: TextRange): Line[] {
  const last = to > from && (to === 0 || text[to - 1] === "\n") ? to - 1 : to;
  const lines: Line[] = [];
  let start = text.lastIndexOf("\n", from - 1) + 1;
  for (;;) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    lines.push({ from: start, text: text.slice(start, stop) });
    if (end === -1 || end >= last) return lines;
    start = end + 1;
  }
}

const isBlank = (line: Line) => line.text.trim() === "";

/** The change that makes a line's prefix matched by `prefix` (none if it does not match) `insert`. */
function reprefix(line: Line, prefix: RegExp, insert: string): TextChange {
  const found = prefix.exec(line.text)?.[0] ?? "";
  return { from: line.from, to: line.from + found.length, insert };
}

/**
 * A command that marks each line the selection touches with `mark`, or, when every line
 * with words on it already starts with a mark `marked` matches, takes the marks off.
 * `blankMark` is what a blank line among marked ones gets (`>` keeps a quote one quote);
 * null leaves blank lines alone.
 */
const toggleLinePrefix =
  (mark: string, marked: RegExp, blankMark: string | null): EditCommand =>
  (text, selection) => {
    const lines = touchedLines(text, selection);
    const worded = lines.filter((line) => !isBlank(line));
    const unmark = worded.length > 0 && worded.every((line) => marked.test(line.text));
    const changes = lines.flatMap((line): TextChange[] => {
      if (unmark) return marked.test(line.text) ? [reprefix(line, marked, "")] : [];
      if (!isBlank(line) || worded.length === 0) return [{ from: line.from, to: line.from, insert: mark }];
      return blankMark === null ? [] : [{ from: line.from, to: line.from, insert: blankMark }];
    });
    return keepingSelection(changes, selection);
  };

/**
 * A quote: `> ` before each line, or off again.
 * @example applyEdit("a\n\nb", toggleQuote("a\n\nb", { from: 0, to: 4 })) // "> a\n>\n> b"
 */
export const toggleQuote = toggleLinePrefix("> ", /^ {0,3}> ?/, ">");

/**
 * A bulleted list: `- ` before each line with words, or off again.
 * @example applyEdit("a\nb", toggleList("a\nb", { from: 0, to: 3 })) // "- a\n- b"
 */
export const toggleList = toggleLinePrefix("- ", /^ {0,3}[-*+] /, null);

const HEADING = /^ {0,3}(#{1,6})(?: |$)/;

/**
 * The lines' heading level in turn: none, a section (`# `), a subsection (`## `), none
 * again; any other level becomes a section. A body's `#` is the page's `h2`, under the
 * post's title (decision 25).
 * @example applyEdit("Plan", cycleHeading("Plan", { from: 0, to: 0 })) // "# Plan"
 */
export const cycleHeading: EditCommand = (text, selection) => {
  const lines = touchedLines(text, selection);
  const level = HEADING.exec(lines[0]?.text ?? "")?.[1]?.length ?? 0;
  const next = level === 1 ? 2 : level === 2 ? 0 : 1;
  const insert = next === 0 ? "" : `${"#".repeat(next)} `;
  const changes = lines.map((line) => reprefix(line, HEADING, insert));
  return keepingSelection(changes, selection);
};
