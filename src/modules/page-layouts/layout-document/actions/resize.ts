import { resized, type Size } from "../../element-edits";
import { changeElement, changeSelected } from "../changes";
import type { Gesture, LayoutEditor } from "../document";

/** An element at a new size (by a handle): one undo step per gesture, or each a step without one. */
export interface ResizeAction extends Size {
  type: "resize";
  id: string;
  gesture?: Gesture;
}

/** The selected element grown by dw, dh (by Ctrl and the arrow keys): one undo step per gesture, or each a step without one. */
export interface GrowAction {
  type: "grow";
  dw: number;
  dh: number;
  gesture?: Gesture;
}

export const resize = (editor: LayoutEditor, action: ResizeAction): LayoutEditor =>
  changeElement(editor, action.id, (element) => resized(element, action), "resize", action.gesture);

export const grow = (editor: LayoutEditor, action: GrowAction): LayoutEditor =>
  changeSelected(
    editor,
    (element) => resized(element, { width: element.width + action.dw, height: element.height + action.dh }),
    "resize",
    action.gesture,
  );
