import { withContent, withHref, withStyle } from "../../element-edits";
import type { StyleProperty } from "../../styles";
import { changeElement } from "../changes";
import type { Gesture, LayoutEditor } from "../document";

// What an element says, where a button leads and how it looks: each one undo step per
// gesture (a burst of typing, a colour swept through the picker), or each a step without one.
// A value the schema would refuse changes nothing.

export interface EditContentAction {
  type: "editContent";
  id: string;
  content: string;
  gesture?: Gesture;
}

export interface EditHrefAction {
  type: "editHref";
  id: string;
  href: string;
  gesture?: Gesture;
}

export interface EditStyleAction {
  type: "editStyle";
  id: string;
  property: StyleProperty;
  /** Blank removes the style. */
  value: string;
  gesture?: Gesture;
}

export const editContent = (editor: LayoutEditor, action: EditContentAction): LayoutEditor =>
  changeElement(editor, action.id, (element) => withContent(element, action.content), "content", action.gesture);

export const editHref = (editor: LayoutEditor, action: EditHrefAction): LayoutEditor =>
  changeElement(editor, action.id, (element) => withHref(element, action.href), "href", action.gesture);

export const editStyle = (editor: LayoutEditor, action: EditStyleAction): LayoutEditor =>
  changeElement(
    editor,
    action.id,
    (element) => withStyle(element, action.property, action.value),
    `style:${action.property}`,
    action.gesture,
  );
