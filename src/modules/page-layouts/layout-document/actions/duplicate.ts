import { COPY_OFFSET } from "../../defaults";
import { placeCoordinate } from "../../geometry";
import type { LayoutEditor } from "../document";
import { nextElementId } from "../element-id";
import { added } from "./add";

/** A copy of an element, a little below and right of it, selected: one undo step. */
export interface DuplicateAction {
  type: "duplicate";
  id: string;
}

export function duplicate(editor: LayoutEditor, action: DuplicateAction): LayoutEditor {
  const elements = editor.history.present;
  const original = elements.find((element) => element.id === action.id);
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
