import { record } from "@/lib/history";
import { withinBand } from "../../band";
import type { LayoutElement } from "../../schema";
import { travelled } from "../changes";
import type { LayoutEditor } from "../document";

/** An earlier version, brought back by the server as the newest: one undo step, and already saved. */
export interface RestoreAction {
  type: "restore";
  elements: LayoutElement[];
}

export function restore(editor: LayoutEditor, action: RestoreAction): LayoutEditor {
  const restored = action.elements.map(withinBand);
  return { ...travelled(editor, record(editor.history, restored)), saved: restored };
}
