import { record, redo, startHistory, undo, type History } from "@/lib/history";
import { withinBand } from "./band";
import {
  COPY_OFFSET,
  ELEMENT_ID_PREFIX,
  ELEMENT_PRESETS,
  newElement,
  START_POSITION,
  type ElementPreset,
  type Point,
} from "./defaults";
import { moved, resized, withContent, withHref, withStyle } from "./element-edits";
import { openSpot, placeCoordinate } from "./geometry";
import { MAX_ELEMENTS, type ElementType, type LayoutElement } from "./schema";
import type { StyleProperty } from "./styles";

/**
 * The layout editors' document: the elements with their undo history, which one is
 * selected, and what was last loaded or saved. Selecting is not an undo step, so clicking
 * around never costs the owner their redo.
 */
export interface LayoutEditor {
  history: History<LayoutElement[]>;
  selectedId: string | null;
  /** The elements as last loaded or saved: the layout is unsaved when they differ. */
  saved: LayoutElement[];
}

/**
 * Marks the changes of one gesture, which undo as one step. Every change of a drag passes
 * the same `id`; `at` is when the change happened, and a pause longer than the history's
 * window starts a new step. A drag that must stay one step however long it pauses passes
 * its pointer-down time as `at` throughout.
 */
export interface Gesture {
  id: string;
  at: number;
}

/**
 * What the editors do to the document. Every element it holds is inside the band (`withinBand`). `load`, `saved` and `select` never enter the undo
 * history; `restore`, `add`, `duplicate`, `delete` and `clear` are a step each; `move`,
 * `nudge`, `grow`, `resize`, `editContent`, `editHref` and `editStyle` are a step per gesture, or each a step
 * when they carry none.
 */
export type LayoutAction =
  | { type: "load"; elements: LayoutElement[] }
  | { type: "restore"; elements: LayoutElement[] }
  | { type: "saved"; elements: LayoutElement[] }
  | { type: "add"; elementType: ElementType; at?: Point; preset?: ElementPreset }
  | { type: "select"; id: string | null }
  | { type: "move"; id: string; x: number; y: number; snap?: boolean; gesture?: Gesture }
  | { type: "nudge"; dx: number; dy: number; gesture?: Gesture }
  | { type: "grow"; dw: number; dh: number; gesture?: Gesture }
  | { type: "resize"; id: string; width: number; height: number; x?: number; y?: number; gesture?: Gesture }
  | { type: "editContent"; id: string; content: string; gesture?: Gesture }
  | { type: "editHref"; id: string; href: string; gesture?: Gesture }
  | { type: "editStyle"; id: string; property: StyleProperty; value: string; gesture?: Gesture }
  | { type: "duplicate"; id: string }
  | { type: "delete"; id: string }
  | { type: "clear" }
  | { type: "undo" }
  | { type: "redo" };

/** A document as loaded: nothing to undo, nothing selected, nothing unsaved. */
export const startLayoutEditor = (elements: LayoutElement[]): LayoutEditor => ({
  history: startHistory(elements),
  selectedId: null,
  saved: elements,
});

/**
 * Whether the elements differ from those last loaded or saved. Undo hands back the very
 * array that was saved; comparing the JSON catches an edit made and then made back.
 */
export const isUnsaved = ({ history, saved }: LayoutEditor): boolean =>
  history.present !== saved && JSON.stringify(history.present) !== JSON.stringify(saved);

/**
 * An id no element has yet: the prefix and one more than the highest number after it.
 * The prefix must itself be made of id characters.
 * @example nextElementId([{ id: "element-2" }, { id: "logo" }]) // "element-3"
 */
export function nextElementId(elements: readonly { id: string }[], prefix = ELEMENT_ID_PREFIX): string {
  const ids = new Set(elements.map(({ id }) => id));
  let number = 1;
  for (const id of ids) {
    const digits = id.startsWith(`${prefix}-`) ? id.slice(prefix.length + 1) : "";
    if (/^\d{1,15}$/.test(digits)) number = Math.max(number, Number(digits) + 1);
  }
  while (ids.has(`${prefix}-${number}`)) number += 1;
  return `${prefix}-${number}`;
}

const selectable = (id: string | null, elements: readonly LayoutElement[]): string | null =>
  id !== null && elements.some((element) => element.id === id) ? id : null;

function change(editor: LayoutEditor, next: LayoutElement[], group?: { key: string; at: number }): LayoutEditor {
  const history = record(editor.history, next, group);
  return history === editor.history ? editor : { ...editor, history };
}

// One element changed in place; an update that returns the element unchanged records nothing.
function changeElement(
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

function added(editor: LayoutEditor, element: LayoutElement): LayoutEditor {
  const elements = editor.history.present;
  if (elements.length >= MAX_ELEMENTS) return editor;
  return { ...change(editor, [...elements, withinBand(element)]), selectedId: element.id };
}

function duplicated(editor: LayoutEditor, id: string): LayoutEditor {
  const elements = editor.history.present;
  const original = elements.find((element) => element.id === id);
  if (original === undefined) return editor;
  // A child has one parent, so the copy stands alone rather than sharing the original's children.
  const { children: _children, ...copy } = original;
  return added(editor, {
    ...copy,
    id: nextElementId(elements),
    x: placeCoordinate(original.x + COPY_OFFSET),
    y: placeCoordinate(original.y + COPY_OFFSET),
  });
}

function deleted(editor: LayoutEditor, id: string): LayoutEditor {
  const elements = editor.history.present;
  if (!elements.some((element) => element.id === id)) return editor;
  const next = elements
    .filter((element) => element.id !== id)
    .map((element) =>
      element.children?.includes(id)
        ? { ...element, children: element.children.filter((child) => child !== id) }
        : element,
    );
  const changed = change(editor, next);
  return { ...changed, selectedId: selectable(editor.selectedId, next) };
}

// After the elements change under it, the selection stays only if its element is still there.
function travelled(editor: LayoutEditor, history: History<LayoutElement[]>): LayoutEditor {
  return { ...editor, history, selectedId: selectable(editor.selectedId, history.present) };
}

export function layoutReducer(editor: LayoutEditor, action: LayoutAction): LayoutEditor {
  const elements = editor.history.present;
  switch (action.type) {
    case "load":
      return startLayoutEditor(action.elements.map(withinBand));
    case "restore": {
      const restored = action.elements.map(withinBand);
      return { ...travelled(editor, record(editor.history, restored)), saved: restored };
    }
    case "saved":
      return { ...editor, saved: action.elements };
    case "add": {
      // Unless told where, a new element goes where it covers none of the others.
      const at =
        action.at ??
        openSpot(elements, ELEMENT_PRESETS[action.preset ?? "designer"][action.elementType], START_POSITION);
      const place = { x: placeCoordinate(at.x), y: placeCoordinate(at.y) };
      return added(editor, newElement(action.elementType, nextElementId(elements), place, action.preset));
    }
    case "select":
      return { ...editor, selectedId: selectable(action.id, elements) };
    case "move":
      return changeElement(editor, action.id, (e) => moved(e, action.x, action.y, action.snap), "move", action.gesture);
    case "nudge": {
      const id = editor.selectedId;
      if (id === null) return editor;
      return changeElement(editor, id, (e) => moved(e, e.x + action.dx, e.y + action.dy), "nudge", action.gesture);
    }
    case "grow": {
      const id = editor.selectedId;
      if (id === null) return editor;
      const grown = (e: LayoutElement) => resized(e, { width: e.width + action.dw, height: e.height + action.dh });
      return changeElement(editor, id, grown, "resize", action.gesture);
    }
    case "resize":
      return changeElement(editor, action.id, (e) => resized(e, action), "resize", action.gesture);
    case "editContent":
      return changeElement(editor, action.id, (e) => withContent(e, action.content), "content", action.gesture);
    case "editHref":
      return changeElement(editor, action.id, (e) => withHref(e, action.href), "href", action.gesture);
    case "editStyle":
      return changeElement(
        editor,
        action.id,
        (e) => withStyle(e, action.property, action.value),
        `style:${action.property}`,
        action.gesture,
      );
    case "duplicate":
      return duplicated(editor, action.id);
    case "delete":
      return deleted(editor, action.id);
    case "clear":
      return elements.length === 0 ? editor : { ...change(editor, []), selectedId: null };
    case "undo":
      return travelled(editor, undo(editor.history));
    case "redo":
      return travelled(editor, redo(editor.history));
  }
}
