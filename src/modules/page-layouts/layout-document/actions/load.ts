import { withinBand } from "../../band";
import type { LayoutElement } from "../../schema";
import { startLayoutEditor, type LayoutEditor } from "../document";

/** A layout read from the server replaces the document. Not an undo step: it starts a new history. */
export interface LoadAction {
  type: "load";
  elements: LayoutElement[];
}

export const load = (_editor: LayoutEditor, action: LoadAction): LayoutEditor =>
  startLayoutEditor(action.elements.map(withinBand));
