import type { EditCommand } from "./text-edit";

/** Bold, as `**words**`. */
export const BOLD = "**";
/**
 * Italic, as `_words_`: not `*`, so italic and bold never read each other's marks when
 * toggled (`***both***` is untangled from either side).
 */
export const ITALIC = "_";

/** Whether `mark` stands just before `from` and just after `to`. */
const wraps = (text: string, from: number, to: number, mark: string): boolean =>
  from >= mark.length && text.slice(from - mark.length, from) === mark && text.slice(to, to + mark.length) === mark;

/**
 * Put `mark` around the selection (`**` bold, `_` italic), or take it off when the
 * selection is already wrapped, just inside or just outside. Spaces at the selection's
 * edges stay outside the marks: CommonMark does not read `** words **` as bold. A cursor
 * gets an empty pair to type into, and a cursor inside an empty pair takes the pair away.
 * @example applyEdit("a b", toggleMark("**")("a b", { from: 2, to: 3 })) // "a **b**"
 */
export const toggleMark =
  (mark: string): EditCommand =>
  (text, { from, to }) => {
    const size = mark.length;
    const selected = text.slice(from, to);
    // Just outside, past the other mark if it is nearer: bold around italic, or the other way.
    const other = mark === BOLD ? ITALIC : BOLD;
    const reach = wraps(text, from, to, other) ? other.length : 0;
    if (wraps(text, from - reach, to + reach, mark)) {
      const [start, end] = [from - reach - size, to + reach];
      return {
        changes: [
          { from: start, to: start + size, insert: "" },
          { from: end, to: end + size, insert: "" },
        ],
        selection: { from: from - size, to: to - size },
      };
    }
    if (selected.length >= 2 * size && selected.startsWith(mark) && selected.endsWith(mark)) {
      return {
        changes: [
          { from, to: from + size, insert: "" },
          { from: to - size, to, insert: "" },
        ],
        selection: { from, to: to - 2 * size },
      };
    }
    const start = from + selected.length - selected.trimStart().length;
    const end = Math.max(start, to - (selected.length - selected.trimEnd().length));
    if (start === end) {
      return {
        changes: [{ from: start, to: start, insert: mark + mark }],
        selection: { from: start + size, to: start + size },
      };
    }
    return {
      changes: [
        { from: start, to: start, insert: mark },
        { from: end, to: end, insert: mark },
      ],
      selection: { from: start + size, to: end + size },
    };
  };

const ADDRESS = /^(https?:\/\/|mailto:)\S+$/;

/**
 * Make the selection a link. Words become the link's text, with `url` selected to be typed
 * over; an address becomes the link's target, with the cursor in the empty text; a cursor
 * gets `[](url)` with the cursor in the text.
 * @example applyEdit("see", insertLink("see", { from: 0, to: 3 })) // "[see](url)"
 */
export const insertLink: EditCommand = (text, { from, to }) => {
  const selected = text.slice(from, to);
  if (ADDRESS.test(selected)) {
    return { changes: [{ from, to, insert: `[](${selected})` }], selection: { from: from + 1, to: from + 1 } };
  }
  const insert = `[${selected}](url)`;
  if (selected === "") return { changes: [{ from, to, insert }], selection: { from: from + 1, to: from + 1 } };
  const url = from + selected.length + 3;
  return { changes: [{ from, to, insert }], selection: { from: url, to: url + 3 } };
};
