import { TabList } from "@/components/admin/TabList";
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useUnsavedWork } from "@/components/admin/use-unsaved-work";
import { apiRequest, readableError } from "@/lib/api-request";
import { canRedo, canUndo } from "@/lib/history";
import { getQueryClient } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { useCurrentReducer } from "@/lib/use-current-reducer";
import { mayDiscardUnsavedWork } from "@/lib/unsaved-work";
import type { PostJson } from "@/modules/posts/serialize";
import ThemeHistory from "../components/ThemeHistory";
import ThemePreview, { type PreviewPage } from "../components/ThemePreview";
import VisualEditor from "../components/VisualEditor";
import { describeProblem } from "../css-problem";
import { DEFAULT_THEME_CSS } from "../default-theme";
import { openSitePreview } from "../draft-preview";
import { currentThemeKey, revisionKey, revisionsKey } from "../keys";
import { datedThemeName, THEME_NAME_MAX } from "../schema";
import type { RevisionJson, ThemeJson } from "../serialize";
import { draftReducer, isUnsaved, startDraft } from "../theme-document";
import { THEME_CHANNEL } from "../../../lib/theme-params";
import { useCssProblems } from "../use-css-problems";
import "./css-editor.css";

// CodeMirror is most of the editor's weight: it loads when the Code Editor is first opened.
const CssCodeEditor = lazy(() => import("../components/CssCodeEditor"));

type Tab = "visual" | "code";
const TABS: { id: Tab; label: string }[] = [
  { id: "visual", label: "Visual Editor" },
  { id: "code", label: "Code Editor" },
];

const BASE_PAGES: PreviewPage[] = [
  { label: "Home", path: "/" },
  { label: "Archive", path: "/archive" },
  { label: "Videos", path: "/videos" },
  { label: "About", path: "/about" },
];

/** Tell every admin page open in this browser that the theme changed (they reload it, SPEC §4). */
function announceSave(): void {
  const channel = new BroadcastChannel(THEME_CHANNEL);
  channel.postMessage("saved");
  channel.close();
}

function Editor({ current }: { current: ThemeJson }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, dispatch, latestDraft] = useCurrentReducer(draftReducer, current.cssContent, startDraft);
  const [tab, setTab] = useState<Tab>("visual");
  // Once opened, the code editor stays mounted (hidden), so switching back is instant.
  const [codeOpened, setCodeOpened] = useState(false);
  const selectTab = (next: Tab) => {
    setTab(next);
    if (next === "code") setCodeOpened(true);
  };
  const [name, setName] = useState(() => datedThemeName(new Date()));
  const [previewing, setPreviewing] = useState<{ id: number; name: string; css: string } | null>(null);
  const css = draft.history.present;
  const unsaved = isUnsaved(draft);
  const { problems, checked } = useCssProblems(css);
  const recent = useQuery<PostJson[]>({ queryKey: ["/api/posts/recent"] });
  useUnsavedWork(unsaved);

  const pages = [
    ...BASE_PAGES.slice(0, 1),
    ...(recent.data?.[0] ? [{ label: `A post: ${recent.data[0].title}`, path: `/post/${recent.data[0].slug}` }] : []),
    ...BASE_PAGES.slice(1),
  ];

  const refresh = () => queryClient.invalidateQueries({ queryKey: [revisionsKey] });
  /** A theme the server made live: the editor starts over from it, and other admin pages follow. */
  const becameLive = async (theme: ThemeJson) => {
    queryClient.setQueryData([currentThemeKey], theme);
    announceSave();
    setPreviewing(null);
    await refresh();
  };

  const save = useMutation({
    mutationFn: (body: { cssContent: string; name: string }) => apiRequest<ThemeJson>("POST", "/api/css/save", body),
    onSuccess: async (theme, body) => {
      dispatch({ type: "saved", css: body.cssContent });
      setName(datedThemeName(new Date()));
      toast({ title: "CSS Saved", description: "Your styling changes have been applied successfully." });
      await becameLive(theme);
    },
    onError: (error) => {
      toast({
        title: "Error",
        description: `Failed to save CSS changes. ${readableError(error, "")}`.trim(),
        variant: "destructive",
      });
    },
  });
  const replace = useMutation({
    mutationFn: (action: { kind: "restore"; revision: RevisionJson } | { kind: "reset" }) =>
      action.kind === "reset"
        ? apiRequest<ThemeJson>("POST", "/api/css/reset")
        : apiRequest<ThemeJson>("POST", `/api/css/revisions/${action.revision.id}/restore`),
    onSuccess: async (theme, action) => {
      dispatch({ type: "loaded", css: theme.cssContent });
      toast(
        action.kind === "reset"
          ? { title: "Theme reset", description: "The default theme is live again." }
          : { title: "Theme restored", description: `“${action.revision.name}” is live again.` },
      );
      await becameLive(theme);
    },
    onError: (error) => {
      toast({
        title: "Error",
        description: readableError(error, "Failed to save CSS changes."),
        variant: "destructive",
      });
    },
  });
  const busy = save.isPending || replace.isPending;

  const saveDraft = () => {
    const cssContent = latestDraft().history.present;
    if (!busy) save.mutate({ cssContent, name: name.trim() || datedThemeName(new Date()) });
  };
  const saveRef = useRef(saveDraft);
  saveRef.current = saveDraft;

  useEffect(() => {
    // Ctrl/Cmd+S saves the theme wherever the focus is, instead of saving the page.
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, []);

  const previewRevision = async (revision: RevisionJson) => {
    if (previewing?.id === revision.id) {
      setPreviewing(null);
      return;
    }
    const full = await queryClient.query<ThemeJson>({ queryKey: [revisionKey(revision.id)] });
    setPreviewing({ id: revision.id, name: revision.name, css: full.cssContent });
  };

  const stopFollowing = useRef<() => void>(() => undefined);
  useEffect(
    () => () => {
      stopFollowing.current();
    },
    [],
  );

  return (
    <div className="css-editor">
      <div className="css-editor__bar">
        <div>
          <h1>CSS Style Editor</h1>
          <p className="css-editor__status" role="status">
            {unsaved ? "Unsaved changes" : "All changes saved"}
            {checked && problems.length > 0 && ` · ${problems.length} problem${problems.length === 1 ? "" : "s"}`}
          </p>
        </div>
        <div className="css-editor__actions">
          {(["undo", "redo"] as const).map((step) => (
            <button
              key={step}
              className="button button--quiet"
              type="button"
              disabled={!(step === "undo" ? canUndo : canRedo)(draft.history)}
              onClick={() => {
                dispatch({ type: step });
              }}
            >
              {step === "undo" ? "Undo" : "Redo"}
            </button>
          ))}
          <button
            className="button button--quiet"
            type="button"
            onClick={() => {
              stopFollowing.current();
              stopFollowing.current = openSitePreview(() => latestDraft().history.present);
            }}
          >
            Preview Site
          </button>
        </div>
      </div>

      <form
        className="css-editor__save"
        onSubmit={(event) => {
          event.preventDefault();
          saveDraft();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-name`}>Theme name</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={THEME_NAME_MAX}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
        </div>
        <button className="button" type="submit" disabled={busy}>
          {save.isPending ? "Saving..." : "Save"}
        </button>
      </form>

      <div className="css-editor__main">
        <section className="css-editor__pane" aria-label="Theme">
          <TabList className="tabs" idPrefix={id} label="Editor" tabs={TABS} current={tab} onSelect={selectTab} />
          <div id={`${id}-panel-visual`} role="tabpanel" aria-labelledby={`${id}-tab-visual`} hidden={tab !== "visual"}>
            <VisualEditor
              css={css}
              defaultCss={DEFAULT_THEME_CSS}
              onToken={(tokenName, value) => {
                dispatch({ type: "tokenSet", name: tokenName, value, at: Date.now() });
              }}
              onRule={(rule) => {
                dispatch({ type: "ruleAdded", rule });
              }}
            />
            <details className="generated-css">
              <summary>Generated CSS</summary>
              <pre tabIndex={0}>
                <code>{css}</code>
              </pre>
            </details>
          </div>
          <div id={`${id}-panel-code`} role="tabpanel" aria-labelledby={`${id}-tab-code`} hidden={tab !== "code"}>
            {codeOpened && (
              <Suspense fallback={<p className="css-editor__loading">Loading...</p>}>
                <CssCodeEditor
                  value={css}
                  problems={checked ? problems : []}
                  label="Theme CSS"
                  onChange={(next) => {
                    dispatch({ type: "edited", css: next, at: Date.now() });
                  }}
                  onUndo={() => {
                    dispatch({ type: "undo" });
                  }}
                  onRedo={() => {
                    dispatch({ type: "redo" });
                  }}
                />
              </Suspense>
            )}
          </div>
          {checked && problems.length > 0 && (
            <ul className="css-problems" aria-label="Problems">
              {problems.map((problem) => (
                <li key={`${problem.line}:${problem.column}:${problem.message}`}>{describeProblem(problem)}</li>
              ))}
            </ul>
          )}
        </section>

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
        busy={busy}
        previewing={previewing?.id ?? null}
        onPreview={(revision) => {
          void previewRevision(revision);
        }}
        onRestore={(revision) => {
          if (mayDiscardUnsavedWork()) replace.mutate({ kind: "restore", revision });
        }}
        onReset={() => {
          if (mayDiscardUnsavedWork()) replace.mutate({ kind: "reset" });
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
