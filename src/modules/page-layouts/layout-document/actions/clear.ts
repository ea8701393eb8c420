import { change } from "../changes";
import type { LayoutEditor } from "../document";

/** Every element taken out: one undo step, which brings them all back. */
export interface ClearAction {
  type: "clear";
}

export const clear = (editor: LayoutEditor): LayoutEditor =>
  editor.history.present.length === 0 ? editor : { ...change(editor, []), selectedId: null };
