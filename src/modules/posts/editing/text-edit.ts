/** A stretch of a text by offsets, `from <= to`; a cursor when they are equal. */
export interface TextRange {
  from: number;
  to: number;
}

/** One replacement: the text from `from` to `to` becomes `insert`. */
export interface TextChange extends TextRange {
  insert: string;
}

/**
 * What an editing command does: its changes, each at offsets in the text as it was (in
 * order, none overlapping), and the selection afterwards, in the new text. The editor
 * applies it as one step, so one undo takes it back.
 */
export interface TextEdit {
  changes: TextChange[];
  selection: TextRange;
}

/** A command of the post editor: a pure function of the text and the selection. */
export type EditCommand = (text: string, selection: TextRange) => TextEdit;

/**
 * The text an edit makes.
 * @example applyEdit("ab", { changes: [{ from: 1, to: 1, insert: "-" }], selection: { from: 2, to: 2 } }) // "a-b"
 */
export function applyEdit(text: string, edit: TextEdit): string {
  let result = "";
  let at = 0;
  for (const change of edit.changes) {
    result += text.slice(at, change.from) + change.insert;
    at = change.to;
  }
  return result + text.slice(at);
}

/**
 * Where an offset of the old text lands once `changes` are made: after anything inserted
 * exactly there (a prefix added at a line's start moves the cursor past it), at the end of
 * a replacement it was inside.
 */
export function mapOffset(changes: readonly TextChange[], offset: number): number {
  let shift = 0;
  for (const change of changes) {
    if (offset >= change.to) shift += change.insert.length - (change.to - change.from);
    else if (offset > change.from) return change.from + shift + change.insert.length;
    else break;
  }
  return offset + shift;
}

/** An edit whose selection is the old one carried through its changes. */
export const keepingSelection = (changes: TextChange[], { from, to }: TextRange): TextEdit => ({
  changes,
  selection: { from: mapOffset(changes, from), to: mapOffset(changes, to) },
});
