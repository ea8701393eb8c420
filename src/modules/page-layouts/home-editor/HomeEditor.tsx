import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useReducer, useRef, useState } from "react";
import { useUnsavedWork } from "@/components/admin/use-unsaved-work";
import { mayDiscardUnsavedWork } from "@/lib/unsaved-work";
import { AUTO_SAVE_DELAY_MS } from "../auto-save";
import ImageFields from "../full-designer/ImageFields";
import { VersionsSection } from "../full-designer/VersionsPanel";
import { versionsKey } from "../keys";
import { isUnsaved, layoutReducer, startLayoutEditor } from "../layout-document";
import type { LayoutJson } from "../layout-json";
import { useLayoutSaving } from "../use-layout-saving";
import { useVersionRestore } from "../use-version-restore";
import { describeElement } from "./describe-element";
import HomeCanvas from "./HomeCanvas";
import HomeToolbar from "./HomeToolbar";
import { promptEdit } from "./prompt-edits";
import { useEditorKeys } from "./use-editor-keys";

/**
 * The home page's layout, edited in place (SPEC §4): the owner's draft is drawn where the
 * published design sits, the rest of the page dimmed and inert while editing.
 */
export default function HomeEditor({ initial, onExit }: { initial: LayoutJson | null; onExit: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [editor, dispatch] = useReducer(layoutReducer, initial?.elements ?? [], startLayoutEditor);
  const saving = useLayoutSaving({
    pageName: "home",
    initial,
    editor,
    dispatch,
    autoSaveDelayMs: AUTO_SAVE_DELAY_MS.home,
    onChange: (layout) => void queryClient.invalidateQueries({ queryKey: [versionsKey(layout.id)] }),
  });
  const restore = useVersionRestore(saving, dispatch);
  const elements = editor.history.present;
  const selected = elements.find((element) => element.id === editor.selectedId) ?? null;
  const unsaved = isUnsaved(editor);
  useUnsavedWork(unsaved);
  const [announcement, setAnnouncement] = useState("");
  const [historyOpen, setHistoryOpen] = useState(false);
  const surface = useRef<HTMLDivElement>(null);

  // Editing starts on the canvas, so the editor's keys work at once.
  useEffect(() => {
    surface.current?.focus();
  }, []);
  // Whatever held the focus may be gone (a deleted element): the canvas takes it, so Ctrl+Z still works.
  const keepFocus = () => {
    surface.current?.focus();
  };
  const onKeyDown = useEditorKeys(editor.selectedId, dispatch, keepFocus);

  useEffect(() => {
    if (selected) setAnnouncement(`${describeElement(selected)}.`);
  }, [selected]);

  const exit = () => {
    if (unsaved && !mayDiscardUnsavedWork()) return;
    onExit();
  };

  return (
    <div className="home-editor" onKeyDown={onKeyDown}>
      <HomeToolbar
        editor={editor}
        selected={selected}
        dispatch={dispatch}
        saving={saving}
        unsaved={unsaved}
        historyId={`${id}-history`}
        historyOpen={historyOpen}
        onToggleHistory={() => {
          setHistoryOpen(!historyOpen);
        }}
        onExit={exit}
        keepFocus={keepFocus}
      />
      {selected?.type === "image" && (
        <div className="home-editor__image">
          <ImageFields key={selected.id} element={selected} dispatch={dispatch} />
        </div>
      )}
      <VersionsSection
        id={`${id}-history`}
        title="History"
        className="home-editor__history"
        open={historyOpen}
        layoutId={saving.layout?.id ?? null}
        busy={saving.status === "saving" || restore.pending}
        onRestore={restore.restore}
        onPublish={(version) => void saving.publish(version.id)}
      />
      {saving.status === "conflict" && (
        <div className="home-editor__conflict" role="alert">
          <p>Someone else saved this layout since you opened it.</p>
          <button type="button" className="button button--quiet" onClick={() => void saving.reload()}>
            Load their version
          </button>
          <button type="button" className="button" onClick={() => void saving.overwrite()}>
            Keep mine
          </button>
        </div>
      )}
      <HomeCanvas
        elements={elements}
        selectedId={editor.selectedId}
        dispatch={dispatch}
        onEdit={(element) => {
          promptEdit(editor, dispatch, element);
        }}
        surfaceRef={surface}
      />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
