import { change, selectable } from "../changes";
import type { LayoutEditor } from "../document";

/** An element taken out, and out of its parent's children: one undo step. */
export interface DeleteAction {
  type: "delete";
  id: string;
}

export function deleteElement(editor: LayoutEditor, action: DeleteAction): LayoutEditor {
  const elements = editor.history.present;
  if (!elements.some((element) => element.id === action.id)) return editor;
  const next = elements
    .filter((element) => element.id !== action.id)
    .map((element) =>
      element.children?.includes(action.id)
        ? { ...element, children: element.children.filter((child) => child !== action.id) }
        : element,
    );
  return { ...change(editor, next), selectedId: selectable(editor.selectedId, next) };
}
