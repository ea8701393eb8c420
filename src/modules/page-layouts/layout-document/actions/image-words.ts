import { withAlt, withDecorative } from "../../element-edits";
import { changeElement } from "../changes";
import type { Gesture, LayoutEditor } from "../document";

// An image's words: its alt text (a burst of typing is one undo step), or the owner's word
// that it only decorates. Either one leaves the other as the schema allows (`element-edits`).

export interface EditAltAction {
  type: "editAlt";
  id: string;
  /** Blank removes the words. */
  alt: string;
  gesture?: Gesture;
}

export interface MarkDecorativeAction {
  type: "markDecorative";
  id: string;
  decorative: boolean;
}

export const editAlt = (editor: LayoutEditor, action: EditAltAction): LayoutEditor =>
  changeElement(editor, action.id, (element) => withAlt(element, action.alt), "alt", action.gesture);

export const markDecorative = (editor: LayoutEditor, action: MarkDecorativeAction): LayoutEditor =>
  changeElement(editor, action.id, (element) => withDecorative(element, action.decorative), "decorative");
