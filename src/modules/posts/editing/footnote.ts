import type { EditCommand } from "./text-edit";

/**
 * The number a new footnote takes: one past the highest numbered note the text mentions,
 * as a reference or a definition (notes named with words do not count).
 * @example nextFootnote("One[^1] and two[^3].") // 4
 */
export function nextFootnote(text: string): number {
  let highest = 0;
  for (const [, number] of text.matchAll(/\[\^(\d{1,6})\]/g)) highest = Math.max(highest, Number(number));
  return highest + 1;
}

/** What goes before a block appended to `text`, so it starts a paragraph of its own. */
export function paragraphGap(text: string): string {
  if (text === "" || text.endsWith("\n\n")) return "";
  return text.endsWith("\n") ? "\n" : "\n\n";
}

/**
 * A footnote: `[^n]` at the end of the selection, with n the next free number, and its
 * definition `[^n]: ` appended to the text, the cursor after it to write the note.
 * @example applyEdit("Said.", insertFootnote("Said.", { from: 5, to: 5 })) // "Said.[^1]\n\n[^1]: "
 */
export const insertFootnote: EditCommand = (text, { to }) => {
  const label = `[^${String(nextFootnote(text))}]`;
  const end = text.length;
  const note = (before: string) => `${paragraphGap(before)}${label}: `;
  const changes =
    to === end
      ? [{ from: end, to: end, insert: label + note(text + label) }]
      : [
          { from: to, to, insert: label },
          { from: end, to: end, insert: note(text) },
        ];
  const length = end + changes.reduce((sum, change) => sum + change.insert.length, 0);
  return { changes, selection: { from: length, to: length } };
};
