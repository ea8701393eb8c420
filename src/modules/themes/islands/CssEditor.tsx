import { QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useUnsavedWork } from "@/components/admin/use-unsaved-work";
import { readableError } from "@/lib/api-request";
import { getQueryClient } from "@/lib/query-client";
import { useCurrentReducer } from "@/lib/use-current-reducer";
import { mayDiscardUnsavedWork } from "@/lib/unsaved-work";
import CssEditorBar from "../components/CssEditorBar";
import ThemeEditingPane from "../components/ThemeEditingPane";
import ThemeHistory from "../components/ThemeHistory";
import ThemePreview from "../components/ThemePreview";
import ThemeSaveForm from "../components/ThemeSaveForm";
import { currentThemeKey, revisionKey } from "../keys";
import { datedThemeName } from "../schema";
import type { RevisionJson, ThemeJson } from "../serialize";
import { draftReducer, isUnsaved, startDraft } from "../theme-document";
import { useCssProblems } from "../use-css-problems";
import { usePreviewPages } from "../use-preview-pages";
import { useSaveShortcut } from "../use-save-shortcut";
import { useSitePreview } from "../use-site-preview";
import { useThemeSaving } from "../use-theme-saving";
import "./css-editor.css";

function Editor({ current }: { current: ThemeJson }) {
  const queryClient = useQueryClient();
  const [draft, dispatch, latestDraft] = useCurrentReducer(draftReducer, current.cssContent, startDraft);
  const [name, setName] = useState(() => datedThemeName(new Date()));
  const [previewing, setPreviewing] = useState<{ id: number; name: string; css: string } | null>(null);
  const css = draft.history.present;
  const unsaved = isUnsaved(draft);
  const { problems, checked } = useCssProblems(css);
  const pages = usePreviewPages();
  useUnsavedWork(unsaved);
  const saving = useThemeSaving({
    dispatch,
    onSaved: () => {
      setName(datedThemeName(new Date()));
    },
    onLive: () => {
      setPreviewing(null);
    },
  });
  const previewSite = useSitePreview(() => latestDraft().history.present);

  const saveDraft = () => {
    const cssContent = latestDraft().history.present;
    if (!saving.busy) saving.save({ cssContent, name: name.trim() || datedThemeName(new Date()) });
  };
  useSaveShortcut(saveDraft);

  const previewRevision = async (revision: RevisionJson) => {
    if (previewing?.id === revision.id) {
      setPreviewing(null);
      return;
    }
    const full = await queryClient.query<ThemeJson>({ queryKey: [revisionKey(revision.id)] });
    setPreviewing({ id: revision.id, name: revision.name, css: full.cssContent });
  };

  return (
    <div className="css-editor">
      <CssEditorBar
        unsaved={unsaved}
        problemCount={checked ? problems.length : null}
        history={draft.history}
        onStep={(step) => {
          dispatch({ type: step });
        }}
        onPreviewSite={previewSite}
      />
      <ThemeSaveForm name={name} onName={setName} saving={saving.saving} busy={saving.busy} onSave={saveDraft} />

      <div className="css-editor__main">
        <ThemeEditingPane css={css} problems={checked ? problems : null} dispatch={dispatch} />
        <div className="css-editor__side">
          {previewing && (
            <p className="css-editor__previewing" role="status">
              Showing “{previewing.name}”.{" "}
              <button
                className="link-button"
                type="button"
                onClick={() => {
                  setPreviewing(null);
                }}
              >
                Back to your draft
              </button>
            </p>
          )}
          <ThemePreview css={previewing?.css ?? css} pages={pages} />
        </div>
      </div>

      <ThemeHistory
        current={current}
        busy={saving.busy}
        previewing={previewing?.id ?? null}
        onPreview={(revision) => {
          void previewRevision(revision);
        }}
        onRestore={(revision) => {
          if (mayDiscardUnsavedWork()) saving.restore(revision);
        }}
        onReset={() => {
          if (mayDiscardUnsavedWork()) saving.reset();
        }}
      />
    </div>
  );
}

function Loader() {
  const current = useQuery<ThemeJson>({ queryKey: [currentThemeKey] });
  if (current.isPending) return <p className="css-editor__loading">Loading CSS editor...</p>;
  if (current.isError) {
    return (
      <p className="css-editor__loading" role="alert">
        The theme could not be loaded: {readableError(current.error, "the server did not answer")}. Reload to try again.
      </p>
    );
  }
  return <Editor current={current.data} />;
}

/** `/admin/css` (SPEC §2): the theme as tokens or code, previewed live, saved as a new revision. */
export default function CssEditor() {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <Loader />
    </QueryClientProvider>
  );
}
