import { redo as redoHistory, undo as undoHistory } from "@/lib/history";
import { travelled } from "../changes";
import type { LayoutEditor } from "../document";

/** A step back or forth through the history; a selection whose element is gone is dropped. */
export interface UndoAction {
  type: "undo";
}

export interface RedoAction {
  type: "redo";
}

export const undo = (editor: LayoutEditor): LayoutEditor => travelled(editor, undoHistory(editor.history));

export const redo = (editor: LayoutEditor): LayoutEditor => travelled(editor, redoHistory(editor.history));
