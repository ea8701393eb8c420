import { moved } from "../../element-edits";
import { changeElement, changeSelected } from "../changes";
import type { Gesture, LayoutEditor } from "../document";

/** An element placed at x, y (by a drag): one undo step per gesture, or each a step without one. */
export interface MoveAction {
  type: "move";
  id: string;
  x: number;
  y: number;
  /** On the grid. */
  snap?: boolean;
  gesture?: Gesture;
}

/** The selected element moved by dx, dy (by the arrow keys): one undo step per gesture, or each a step without one. */
export interface NudgeAction {
  type: "nudge";
  dx: number;
  dy: number;
  gesture?: Gesture;
}

export const move = (editor: LayoutEditor, action: MoveAction): LayoutEditor =>
  changeElement(
    editor,
    action.id,
    (element) => moved(element, action.x, action.y, action.snap),
    "move",
    action.gesture,
  );

export const nudge = (editor: LayoutEditor, action: NudgeAction): LayoutEditor =>
  changeSelected(
    editor,
    (element) => moved(element, element.x + action.dx, element.y + action.dy),
    "nudge",
    action.gesture,
  );
