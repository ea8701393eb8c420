import { keyAction, type KeyPress } from "./keyboard-actions";
import type { LayoutAction } from "./layout-document";

/** Where the focus is when a key is pressed. */
export type KeyPlace =
  /** A text field: its keys are the owner's typing, never a command. */
  | "typing"
  /** The canvas or the list of layers: keys act on the selected element. */
  | "element"
  /** Anywhere else in the designer (a toolbar button): only the editor-wide shortcuts. */
  | "elsewhere";

/** What a key does in the designer: a change to the document, or saving it. */
export type DesignerKey = { type: "edit"; action: LayoutAction } | { type: "save" };

const shortcut = (press: KeyPress, key: string): boolean =>
  (press.ctrlKey || press.metaKey) && !press.altKey && !press.shiftKey && press.key.toLowerCase() === key;

/**
 * What a key press does in the designer, or null when it is left to the browser. On top of
 * every editor's keys (`keyAction`: undo, redo, nudge, delete, let go), Ctrl/Cmd+S saves and
 * Ctrl/Cmd+D duplicates. The element keys work only on the canvas and the layers, so the
 * arrows still scroll and the toolbar's buttons still take Space; a text field keeps every
 * key, its Ctrl+Z undoing typing and its Backspace deleting a character.
 * @example designerKey({ key: "s", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false }, "elsewhere", null)
 * // { type: "save" }
 */
export function designerKey(press: KeyPress, place: KeyPlace, selectedId: string | null): DesignerKey | null {
  if (place === "typing") return null;
  if (shortcut(press, "s")) return { type: "save" };
  const selected = place === "element" ? selectedId : null;
  if (shortcut(press, "d"))
    return selected === null ? null : { type: "edit", action: { type: "duplicate", id: selected } };
  const action = keyAction(press, selected);
  return action ? { type: "edit", action } : null;
}
