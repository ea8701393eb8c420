import type { LayoutAction } from "./layout-document";

/** The parts of a key press the editors read. */
export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** How far an arrow moves the selection, in pixels: 1, or 10 with Shift. */
export const NUDGE_PX = 1;
export const NUDGE_SHIFT_PX = 10;

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * What a key press asks of a layout editor, as every editor's users expect: Ctrl/Cmd+Z
 * undoes, with Shift (or Ctrl+Y) redoes; arrows nudge the selection and, with Ctrl/Cmd, resize
 * it (Right and Down grow it, Left and Up shrink it); Delete or Backspace removes it; Escape
 * lets go of it. Null for any other key, which the editor leaves alone. Nudges and resizes
 * carry no gesture: the caller gives a burst of them one.
 * @example keyAction({ key: "ArrowLeft", shiftKey: true, ctrlKey: false, metaKey: false, altKey: false }, "element-1")
 * // { type: "nudge", dx: -10, dy: 0 }
 */
export function keyAction(press: KeyPress, selectedId: string | null): LayoutAction | null {
  const command = press.ctrlKey || press.metaKey;
  const key = press.key.toLowerCase();
  const arrow = ARROWS[press.key];
  const step = press.shiftKey ? NUDGE_SHIFT_PX : NUDGE_PX;
  if (command && !press.altKey) {
    if (key === "z") return press.shiftKey ? { type: "redo" } : { type: "undo" };
    if (key === "y" && press.ctrlKey) return { type: "redo" };
    if (arrow && selectedId !== null) return { type: "grow", dw: arrow[0] * step, dh: arrow[1] * step };
    return null;
  }
  if (selectedId === null || press.altKey) return null;
  if (arrow) return { type: "nudge", dx: arrow[0] * step, dy: arrow[1] * step };
  if (press.key === "Delete" || press.key === "Backspace") return { type: "delete", id: selectedId };
  if (press.key === "Escape") return { type: "select", id: null };
  return null;
}

/** Whether a key press is typing in a field, which the editor's shortcuts must never take. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * Whether a key press happened in a window open over the editor (the upload's), whose keys
 * are its own: Escape there closes the window, and must not also let go of the image the
 * upload is for.
 */
export function isInWindow(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('dialog, [role="dialog"]') !== null;
}
