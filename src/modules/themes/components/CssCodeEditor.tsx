import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from "@codemirror/autocomplete";
import { defaultKeymap } from "@codemirror/commands";
import { css } from "@codemirror/lang-css";
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import type { Text } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { useEffect, useRef } from "react";
import { typeOverSelections } from "@/components/admin/code-mirror";
import { useCodeMirror } from "@/components/admin/use-code-mirror";
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

// The editor's look, in its shadow root (see `shadowPlace`).
const SHADOW_CSS = `
  .cm-editor { height: min(70vh, 36rem); font-size: 0.85rem; }
  .cm-gutters { background: var(--color-surface-muted); border-right-color: var(--color-border); }
`;

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
  const handlers = useRef({ onUndo, onRedo });
  handlers.current = { onUndo, onRedo };
  const run = (name: "onUndo" | "onRedo") => () => {
    handlers.current[name]();
    return true;
  };
  const { host, view } = useCodeMirror(SHADOW_CSS, value, onChange, () => [
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
    typeOverSelections,
    EditorView.contentAttributes.of({ "aria-label": label }),
  ]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch(setDiagnostics(editor.state, diagnosticsFor(editor.state.doc, problems)));
  }, [problems, value]);

  return <div className="css-code-editor" ref={host} />;
}
