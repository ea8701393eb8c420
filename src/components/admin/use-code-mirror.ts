import { EditorState, type Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { useEffect, useRef } from "react";
import { reportEdits, shadowPlace, showValue } from "./code-mirror";

/**
 * A CodeMirror editor in the shadow root of the element `host` is given to, wearing `css`
 * (see `shadowPlace`), made once on `value` and `extensions()` as they first are. Each edit
 * made in it goes to `onChange`; each later `value` the page gives it is shown, unless it is
 * one of the editor's own edits coming back: the page's copy may lag a keystroke or two
 * behind (React renders after the editor has moved on), and showing it would undo them.
 * `view` is the editor once made.
 */
export function useCodeMirror(
  css: string,
  value: string,
  onChange: (text: string) => void,
  extensions: () => Extension[],
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The editor's own texts the page has not yet given back.
  const reported = useRef<string[]>([]);
  const first = useRef({ css, value, extensions });
  const onChangeNow = useRef(onChange);
  onChangeNow.current = onChange;

  useEffect(() => {
    if (!host.current) return;
    const { root, mount } = shadowPlace(host.current, first.current.css);
    const report = reportEdits((text) => {
      reported.current.push(text);
      onChangeNow.current(text);
    });
    const state = EditorState.create({ doc: first.current.value, extensions: [...first.current.extensions(), report] });
    const editor = new EditorView({ parent: mount, root, state });
    view.current = editor;
    return () => {
      editor.destroy();
      mount.remove();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    if (value === editor.state.doc.toString()) reported.current = [];
    else if (!reported.current.includes(value)) {
      reported.current = [];
      showValue(editor, value);
    }
  }, [value]);

  return { host, view };
}
