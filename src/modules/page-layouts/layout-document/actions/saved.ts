import type { LayoutElement } from "../../schema";
import type { LayoutEditor } from "../document";

/** The server kept these elements. Not an undo step: only what counts as unsaved moves. */
export interface SavedAction {
  type: "saved";
  elements: LayoutElement[];
}

export const saved = (editor: LayoutEditor, action: SavedAction): LayoutEditor => ({
  ...editor,
  saved: action.elements,
});
