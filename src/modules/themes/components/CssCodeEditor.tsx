import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from "@codemirror/autocomplete";
import { defaultKeymap } from "@codemirror/commands";
import { css } from "@codemirror/lang-css";
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { Annotation, EditorState, type Text } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { useEffect, useRef } from "react";
import type { CssProblem } from "../css-problem";

interface Props {
  /** The document; the editor shows it and reports each edit, it keeps no history of its own. */
  value: string;
  onChange: (css: string) => void;
  /** The validator's verdicts on `value`. */
  problems: readonly CssProblem[];
  onUndo: () => void;
  onRedo: () => void;
  label: string;
}

// CodeMirror styles itself at run time. In a document it would add <style> elements, which
// the site's CSP refuses; in a shadow root it adopts constructed stylesheets, which CSP allows.
// The editor's own look goes there too, since page styles do not reach into a shadow root.
const SHADOW_CSS = `
  :host { display: block; }
  .cm-editor { height: min(70vh, 36rem); border: 1px solid var(--grey-500); border-radius: var(--radius);
    background: var(--color-surface); font-size: 0.85rem; }
  .cm-editor.cm-focused { outline: 2px solid var(--color-focus); outline-offset: 2px; }
  .cm-scroller { font-family: ui-monospace, "Cascadia Code", Menlo, Consolas, monospace; }
  .cm-gutters { background: var(--color-surface-muted); border-right-color: var(--color-border); }
`;

// Marks a change that came from the document rather than from typing, so it is not echoed back.
const fromDocument = Annotation.define<boolean>();

/** A problem's place as an offset in the text, clamped to it (the text may have moved on). */
function offsetOf(doc: Text, line: number, column: number): number {
  const at = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(at.from + Math.max(column - 1, 0), at.to);
}

function diagnosticsFor(doc: Text, problems: readonly CssProblem[]): Diagnostic[] {
  return problems.map((problem) => {
    const from = offsetOf(doc, problem.line, problem.column);
    const lineEnd = doc.lineAt(from).to;
    return { from, to: Math.max(from + 1, Math.min(lineEnd, from + 24)), severity: "error", message: problem.message };
  });
}

/**
 * CodeMirror 6 over the theme's text: CSS highlighting and completion, and the validator's
 * verdicts inline. Undo and redo go to the page's own history, so the Visual Editor's
 * changes and typing are undone in one order; the page saves on Ctrl/Cmd+S wherever the focus is.
 */
export default function CssCodeEditor({ value, onChange, problems, onUndo, onRedo, label }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const handlers = useRef({ onChange, onUndo, onRedo });
  handlers.current = { onChange, onUndo, onRedo };

  useEffect(() => {
    if (!host.current) return;
    const shadow = host.current.shadowRoot ?? host.current.attachShadow({ mode: "open" });
    const look = new CSSStyleSheet();
    look.replaceSync(SHADOW_CSS);
    shadow.adoptedStyleSheets = [look];
    const mount = document.createElement("div");
    shadow.append(mount);
    const run = (name: "onUndo" | "onRedo") => () => {
      handlers.current[name]();
      return true;
    };
    const editor = new EditorView({
      parent: mount,
      root: shadow,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          css(),
          lintGutter(),
          keymap.of([
            { key: "Mod-z", run: run("onUndo"), preventDefault: true },
            { key: "Mod-Shift-z", run: run("onRedo"), preventDefault: true },
            { key: "Mod-y", run: run("onRedo"), preventDefault: true },
            ...closeBracketsKeymap,
            ...completionKeymap,
            ...defaultKeymap,
          ]),
          EditorView.lineWrapping,
          // Text typed over a selection spanning lines is inserted by the editor, not by the
          // browser: Chrome would keep the removed text's look on a style attribute, which the
          // site's CSP refuses (and reports), before CodeMirror redraws the line anyway.
          EditorView.domEventHandlers({
            beforeinput(event, editor) {
              if (event.inputType !== "insertText" || !event.data || editor.state.selection.main.empty) return false;
              event.preventDefault();
              editor.dispatch(editor.state.replaceSelection(event.data), { userEvent: "input.type" });
              return true;
            },
          }),
          EditorView.contentAttributes.of({ "aria-label": label }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.some((t) => t.annotation(fromDocument))) return;
            handlers.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      mount.remove();
      view.current = null;
    };
    // The editor is made once; later values arrive through the effect below.
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current === value) return;
    // Only the changed middle is replaced, so the cursor stays where the owner was.
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
      annotations: fromDocument.of(true),
    });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch(setDiagnostics(editor.state, diagnosticsFor(editor.state.doc, problems)));
  }, [problems, value]);

  return <div className="css-code-editor" ref={host} />;
}
