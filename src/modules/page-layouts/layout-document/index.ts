import { add, type AddAction } from "./actions/add";
import { clear, type ClearAction } from "./actions/clear";
import { deleteElement, type DeleteAction } from "./actions/delete";
import { duplicate, type DuplicateAction } from "./actions/duplicate";
import {
  editContent,
  editHref,
  editStyle,
  type EditContentAction,
  type EditHrefAction,
  type EditStyleAction,
} from "./actions/edit";
import { editAlt, markDecorative, type EditAltAction, type MarkDecorativeAction } from "./actions/image-words";
import { load, type LoadAction } from "./actions/load";
import { move, nudge, type MoveAction, type NudgeAction } from "./actions/move";
import { grow, resize, type GrowAction, type ResizeAction } from "./actions/resize";
import { restore, type RestoreAction } from "./actions/restore";
import { saved, type SavedAction } from "./actions/saved";
import { select, type SelectAction } from "./actions/select";
import { redo, undo, type RedoAction, type UndoAction } from "./actions/undo-redo";
import type { LayoutEditor } from "./document";

export { isUnsaved, startLayoutEditor, type Gesture, type LayoutEditor } from "./document";
export { nextElementId } from "./element-id";

/**
 * What the editors do to the document, one file each in `actions/` (Puck's model), each
 * saying whether it enters the undo history. Every element the document holds is inside the
 * band (`withinBand`).
 */
export type LayoutAction =
  | LoadAction
  | RestoreAction
  | SavedAction
  | AddAction
  | SelectAction
  | MoveAction
  | NudgeAction
  | GrowAction
  | ResizeAction
  | EditContentAction
  | EditHrefAction
  | EditStyleAction
  | EditAltAction
  | MarkDecorativeAction
  | DuplicateAction
  | DeleteAction
  | ClearAction
  | UndoAction
  | RedoAction;

/** The document after an action: a pure function, so React's `useReducer` and the tests run the same editor. */
export function layoutReducer(editor: LayoutEditor, action: LayoutAction): LayoutEditor {
  switch (action.type) {
    case "load":
      return load(editor, action);
    case "restore":
      return restore(editor, action);
    case "saved":
      return saved(editor, action);
    case "add":
      return add(editor, action);
    case "select":
      return select(editor, action);
    case "move":
      return move(editor, action);
    case "nudge":
      return nudge(editor, action);
    case "grow":
      return grow(editor, action);
    case "resize":
      return resize(editor, action);
    case "editContent":
      return editContent(editor, action);
    case "editHref":
      return editHref(editor, action);
    case "editStyle":
      return editStyle(editor, action);
    case "editAlt":
      return editAlt(editor, action);
    case "markDecorative":
      return markDecorative(editor, action);
    case "duplicate":
      return duplicate(editor, action);
    case "delete":
      return deleteElement(editor, action);
    case "clear":
      return clear(editor);
    case "undo":
      return undo(editor);
    case "redo":
      return redo(editor);
  }
}
