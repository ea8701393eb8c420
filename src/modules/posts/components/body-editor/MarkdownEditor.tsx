import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { markdownKeymap, markdownLanguage, pasteURLAsLink } from "@codemirror/lang-markdown";
import { defaultHighlightStyle, LanguageSupport, syntaxHighlighting } from "@codemirror/language";
import { Compartment, Prec } from "@codemirror/state";
import { drawSelection, EditorView, keymap } from "@codemirror/view";
import { useEffect, useRef, useState } from "react";
import { typeOverSelections } from "@/components/admin/code-mirror";
import { useCodeMirror } from "@/components/admin/use-code-mirror";
import { UPLOAD_TYPES } from "@/modules/uploads/contract";
import { EDITOR_ACTIONS, type EditorAction } from "../../editing/actions";
import { insertBlock, videoMarkdown } from "../../editing/blocks";
import { EditorToolbar } from "./EditorToolbar";
import { FigureDialog } from "./FigureDialog";
import { runEdit } from "./run-edit";
import { uploadPlaceholders } from "./upload-placeholders";
import { pastedImage, useFigureUploads } from "./use-figure-uploads";
import { VideoPicker } from "./VideoPicker";

interface Props {
  /** The post's Markdown; the editor shows it and reports each edit. */
  value: string;
  onChange: (markdown: string) => void;
  /** The field's name, as the editor's accessible name. */
  label: string;
  /** Whether the form refuses what is written (its error shows beside the field). */
  invalid: boolean;
}

// The editor's look, in its shadow root (see `shadowPlace`).
const SHADOW_CSS = `
  .cm-editor { height: min(60vh, 32rem); font-size: 0.95rem; }
  .cm-scroller { line-height: 1.6; }
  .cm-content { padding: 0.75rem 0; }
  .cm-line { padding: 0 0.75rem; }
  .cm-uploading { padding: 0 0.4em; border-radius: var(--radius); background: var(--color-surface-muted);
    color: var(--color-muted); font-style: italic; }
`;

const IMAGE_TYPES = UPLOAD_TYPES.image.join(",");

/** The toolbar's shortcuts, each doing what its button does. */
const shortcuts = (act: (action: EditorAction) => void) =>
  EDITOR_ACTIONS.flatMap((action) => {
    const { key } = action;
    if (!key) return [];
    const run = () => {
      act(action);
      return true;
    };
    return [{ key, run, preventDefault: true }];
  });

/**
 * CodeMirror 6 over a post's Markdown, with a toolbar and the usual shortcuts, each making
 * one of the pure edits of `editing/`, and images pasted, dropped or chosen uploaded and
 * described (`useFigureUploads`). Tab leaves the editor, as from any field; Esc is the
 * dialog's. Its own undo history, since the form keeps none.
 */
export default function MarkdownEditor({ value, onChange, label, invalid }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const validity = useRef(new Compartment());
  const [pickingVideo, setPickingVideo] = useState(false);
  const uploads = useFigureUploads();

  const act = (action: EditorAction) => {
    const editor = view.current;
    if (!editor) return;
    if (action.run === "image") fileInput.current?.click();
    else if (action.run === "video") setPickingVideo(true);
    else {
      runEdit(editor, action.run);
      editor.focus();
    }
  };
  // The editor is made once; its keys and events reach the current render through this.
  const now = useRef({ act, upload: uploads.upload });
  now.current = { act, upload: uploads.upload };

  const { host, view } = useCodeMirror(SHADOW_CSS, value, onChange, () => [
    history(),
    drawSelection(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    // GitHub's Markdown, as `markdown()` sets it up but for HTML, which a post cannot hold
    // (its renderer drops it) and which would bring two more languages' parsers.
    new LanguageSupport(markdownLanguage),
    Prec.high(keymap.of(markdownKeymap)),
    pasteURLAsLink,
    keymap.of([
      ...shortcuts((action) => {
        now.current.act(action);
      }),
      ...historyKeymap,
      ...defaultKeymap,
    ]),
    EditorView.lineWrapping,
    uploadPlaceholders,
    typeOverSelections,
    EditorView.contentAttributes.of({ "aria-label": label }),
    validity.current.of(EditorView.contentAttributes.of({ "aria-invalid": String(invalid) })),
    EditorView.domEventHandlers({
      paste(event, editor) {
        const image = pastedImage(event.clipboardData);
        if (!image) return false;
        event.preventDefault();
        void now.current.upload(editor, image, editor.state.selection.main.head);
        return true;
      },
      dragover(event) {
        if (!event.dataTransfer?.types.includes("Files")) return false;
        event.preventDefault();
        return true;
      },
      drop(event, editor) {
        const image = pastedImage(event.dataTransfer);
        if (!image) return false;
        event.preventDefault();
        const at = editor.posAtCoords({ x: event.clientX, y: event.clientY }) ?? editor.state.selection.main.head;
        void now.current.upload(editor, image, at);
        return true;
      },
    }),
  ]);

  useEffect(() => {
    view.current?.dispatch({
      effects: validity.current.reconfigure(EditorView.contentAttributes.of({ "aria-invalid": String(invalid) })),
    });
  }, [invalid]);

  const backToText = () => {
    view.current?.focus();
  };
  const { asked } = uploads;
  return (
    <div className="body-editor">
      <EditorToolbar actions={EDITOR_ACTIONS} label={`${label} formatting`} onAction={act} />
      <div className="body-editor__code" ref={host} />
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_TYPES}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          const editor = view.current;
          if (file && editor) void uploads.upload(editor, file, editor.state.selection.main.head);
        }}
      />
      <p className="body-editor__status" role="status">
        {uploads.status}
      </p>
      {uploads.problem && (
        <p className="field-error" role="alert">
          {uploads.problem}
        </p>
      )}
      {asked && <FigureDialog src={asked.src} name={asked.name} onDone={asked.answer} onClosed={backToText} />}
      {pickingVideo && (
        <VideoPicker
          onDone={(slug) => {
            setPickingVideo(false);
            if (slug && view.current) runEdit(view.current, insertBlock(videoMarkdown(slug)));
          }}
          onClosed={backToText}
        />
      )}
    </div>
  );
}
