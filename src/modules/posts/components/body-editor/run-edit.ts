import { EditorSelection, type StateEffect } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import type { EditCommand, TextRange } from "../../editing/text-edit";

/**
 * Make one of the editing commands' edits in the editor, at the selection (or at `at`), as
 * one step of its history; `effects` go with it in the same step.
 */
export function runEdit(
  editor: EditorView,
  command: EditCommand,
  at: TextRange = editor.state.selection.main,
  effects: StateEffect<unknown>[] = [],
): void {
  const edit = command(editor.state.doc.toString(), { from: at.from, to: at.to });
  editor.dispatch({
    changes: edit.changes,
    selection: EditorSelection.single(edit.selection.from, edit.selection.to),
    effects,
    scrollIntoView: true,
    userEvent: "input",
  });
}
