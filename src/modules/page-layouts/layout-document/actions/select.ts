import { selectable } from "../changes";
import type { LayoutEditor } from "../document";

/** Select an element, or none with null. Not an undo step, so clicking around keeps the redo. */
export interface SelectAction {
  type: "select";
  id: string | null;
}

export const select = (editor: LayoutEditor, action: SelectAction): LayoutEditor => ({
  ...editor,
  selectedId: selectable(action.id, editor.history.present),
});
