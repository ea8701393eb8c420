import { Annotation, type Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";

// What the site's CodeMirror editors (the theme's CSS, a post's Markdown) share: where they
// live in the page, and how they keep to a value the page holds.

// Every editor's frame, in the site's tokens (custom properties reach into a shadow root).
const FRAME_CSS = `
  :host { display: block; }
  .cm-editor { border: 1px solid var(--grey-500); border-radius: var(--radius); background: var(--color-surface); }
  .cm-editor.cm-focused { outline: 2px solid var(--color-focus); outline-offset: 2px; }
  .cm-scroller { font-family: ui-monospace, "Cascadia Code", Menlo, Consolas, monospace; }
`;

/**
 * A place for an editor inside `host`'s shadow root, wearing the editors' frame and `css`
 * (its size and its own parts). CodeMirror styles itself at run time: in a document it
 * would add <style> elements, which the site's CSP refuses; in a shadow root it adopts
 * constructed stylesheets, which CSP allows. The editor's own look goes there too, since
 * page styles do not reach into a shadow root. The caller removes `mount` once the editor
 * is destroyed.
 */
export function shadowPlace(host: HTMLElement, css: string): { root: ShadowRoot; mount: HTMLElement } {
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  const look = new CSSStyleSheet();
  look.replaceSync(FRAME_CSS + css);
  root.adoptedStyleSheets = [look];
  const mount = document.createElement("div");
  root.append(mount);
  return { root, mount };
}

/**
 * Text typed over a selection spanning lines is inserted by the editor, not by the browser:
 * Chrome would keep the removed text's look on a style attribute, which the site's CSP
 * refuses (and reports), before CodeMirror redraws the line anyway.
 */
export const typeOverSelections: Extension = EditorView.domEventHandlers({
  beforeinput(event, editor) {
    if (event.inputType !== "insertText" || !event.data || editor.state.selection.main.empty) return false;
    event.preventDefault();
    editor.dispatch(editor.state.replaceSelection(event.data), { userEvent: "input.type" });
    return true;
  },
});

// Marks a change that came from the page's value rather than from typing, so it is not echoed back.
const fromValue = Annotation.define<boolean>();

/** Tell `report` the editor's text after each change made in it (not those `showValue` makes). */
export const reportEdits = (report: (text: string) => void): Extension =>
  EditorView.updateListener.of((update) => {
    if (!update.docChanged || update.transactions.some((t) => t.annotation(fromValue))) return;
    report(update.state.doc.toString());
  });

/**
 * Make the editor show `value`, the page's copy of its text, when the two differ (an undo
 * of the page's, a draft restored). Only the changed middle is replaced, so the cursor stays
 * where the owner was.
 */
export function showValue(editor: EditorView, value: string): void {
  const current = editor.state.doc.toString();
  if (current === value) return;
  let start = 0;
  while (start < current.length && start < value.length && current[start] === value[start]) start++;
  let end = 0;
  while (
    end < current.length - start &&
    end < value.length - start &&
    current[current.length - 1 - end] === value[value.length - 1 - end]
  ) {
    end++;
  }
  editor.dispatch({
    changes: { from: start, to: current.length - end, insert: value.slice(start, value.length - end) },
    annotations: fromValue.of(true),
  });
}
