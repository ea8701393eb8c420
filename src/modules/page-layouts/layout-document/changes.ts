import { record, type History } from "@/lib/history";
import { withinBand } from "../band";
import type { LayoutElement } from "../schema";
import type { Gesture, LayoutEditor } from "./document";

// How the actions change the document: each new list of elements is recorded in the undo
// history, and a recording that changes nothing hands back the very document it was given.

/** The id, while an element has it; null otherwise. */
export const selectable = (id: string | null, elements: readonly LayoutElement[]): string | null =>
  id !== null && elements.some((element) => element.id === id) ? id : null;

/** The document with `next` as its elements: a step of its own, or part of the present one's `group`. */
export function change(editor: LayoutEditor, next: LayoutElement[], group?: { key: string; at: number }): LayoutEditor {
  const history = record(editor.history, next, group);
  return history === editor.history ? editor : { ...editor, history };
}

/**
 * One element changed in place, as one step per `kind` of change and `gesture`; an update
 * that returns the element unchanged records nothing.
 */
export function changeElement(
  editor: LayoutEditor,
  id: string,
  update: (element: LayoutElement) => LayoutElement,
  kind: string,
  gesture?: Gesture,
): LayoutEditor {
  const elements = editor.history.present;
  const index = elements.findIndex((element) => element.id === id);
  const element = elements[index];
  if (element === undefined) return editor;
  // Whatever the edit asked for, the element stays inside the band, as a visitor will see it.
  const updated = withinBand(update(element));
  if (updated === element) return editor;
  const group = gesture && { key: `${kind}:${id}:${gesture.id}`, at: gesture.at };
  return change(editor, elements.with(index, updated), group);
}

/** The selected element changed in place, when one is selected. */
export function changeSelected(
  editor: LayoutEditor,
  update: (element: LayoutElement) => LayoutElement,
  kind: string,
  gesture?: Gesture,
): LayoutEditor {
  return editor.selectedId === null ? editor : changeElement(editor, editor.selectedId, update, kind, gesture);
}

// After the elements change under it, the selection stays only if its element is still there.
export function travelled(editor: LayoutEditor, history: History<LayoutElement[]>): LayoutEditor {
  return { ...editor, history, selectedId: selectable(editor.selectedId, history.present) };
}
