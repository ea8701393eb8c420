import { useCallback, useEffect, useRef, useState, type Dispatch } from "react";
import { ApiError, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { AUTO_SAVE, MANUAL_SAVE, type LayoutPage } from "./api-schema";
import { createAutoSaver, mayAutoSave } from "./auto-save";
import { createLayout, fetchLayout, publishVersion, saveLayout, unpublishLayout } from "./layout-client";
import { isUnsaved, type LayoutAction, type LayoutEditor } from "./layout-document";
import type { LayoutJson } from "./layout-json";
import { saveRefusal } from "./save-refusal";

/** Where saving stands, for the editor's status line. */
export type SaveStatus = "idle" | "saving" | "saved" | "failed" | "conflict";

export interface LayoutSaving {
  /** The layout as the server last answered, or null before the first save creates it. */
  layout: LayoutJson | null;
  status: SaveStatus;
  /** Saves now (SPEC §4: 'Manual save'); resolves to whether it was kept. */
  saveNow(): Promise<boolean>;
  /** After a 409: load what was saved since, dropping this editor's changes. */
  reload(): Promise<void>;
  /** After a 409: save this editor's elements on top of what was saved since. */
  overwrite(): Promise<boolean>;
  /**
   * Saves what is unsaved, then makes the newest version the one visitors see; given a
   * `versionId`, makes that saved version live as it is, leaving the editor's work alone.
   */
  publish(versionId?: number): Promise<void>;
  unpublish(): Promise<void>;
  /** Takes a layout the server answered with some other call (a restore). */
  adopt(layout: LayoutJson): void;
}

interface Options {
  pageName: LayoutPage;
  /** The layout as loaded, or null when the page has none yet. */
  initial: LayoutJson | null;
  editor: LayoutEditor;
  dispatch: Dispatch<LayoutAction>;
  autoSaveDelayMs: number;
  /** The home editor saves itself only in edit mode. */
  editing?: boolean;
  /** Told after every change the server accepted (to refresh a version list). */
  onChange?: (layout: LayoutJson) => void;
}

const SAVED = { title: "Layout Saved", description: "Your changes have been saved successfully." };
const FIRST_SAVED = {
  title: "Layout Saved",
  description:
    "Your changes have been saved successfully. Auto-save is now on: changes save themselves a few seconds after you stop.",
};
const SAVE_FAILED = {
  title: "Save Failed",
  description: "Failed to save layout changes.",
  variant: "destructive",
} as const;

const isConflict = (error: unknown): boolean => error instanceof ApiError && error.status === 409;

/**
 * Saving for the layout editors (SPEC §4): the first save creates the layout, later ones add
 * a version based on the one the editor holds, auto-saves follow the editor's delay, and
 * a save refused because someone else saved first stops and waits for the owner's choice.
 * Saves run one at a time, so two never race each other with the same base version.
 */
export function useLayoutSaving({
  pageName,
  initial,
  editor,
  dispatch,
  autoSaveDelayMs,
  editing = true,
  onChange,
}: Options): LayoutSaving {
  const [layout, setLayout] = useState(initial);
  const [status, setStatus] = useState<SaveStatus>("idle");
  // Saves read the newest state when they run, not the state of the render that queued them.
  const latest = useRef({ layout, editor, status, onChange });
  latest.current = { layout, editor, status, onChange };
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const accept = useCallback((next: LayoutJson) => {
    latest.current.layout = next;
    setLayout(next);
    latest.current.onChange?.(next);
  }, []);

  const send = useCallback(
    async (description: string, baseVersion?: number): Promise<boolean> => {
      const elements = latest.current.editor.history.present;
      const current = latest.current.layout;
      // What the server would refuse is not sent: a manual save shows the owner the element
      // (its field says why), an auto-save waits for the fix.
      const refused = saveRefusal(elements);
      if (refused) {
        if (description === AUTO_SAVE) return false;
        if (refused.id !== undefined) dispatch({ type: "select", id: refused.id });
        toast({ title: "Not Saved", description: refused.message, variant: "destructive" });
        return false;
      }
      setStatus("saving");
      try {
        const saved = current
          ? await saveLayout(current.id, {
              elements,
              changeDescription: description,
              baseVersion: baseVersion ?? current.version,
            })
          : await createLayout({ pageName, pageType: "page", elements, changeDescription: description });
        accept(saved);
        dispatch({ type: "saved", elements });
        setStatus("saved");
        return true;
      } catch (error) {
        if (isConflict(error)) {
          setStatus("conflict");
          return false;
        }
        setStatus("failed");
        toast({ ...SAVE_FAILED, description: readableError(error, SAVE_FAILED.description) });
        return false;
      }
    },
    [accept, dispatch, pageName],
  );

  const enqueue = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(task, task);
    queue.current = run.catch(() => undefined);
    return run;
  }, []);

  const saveNow = useCallback(
    () =>
      enqueue(async () => {
        const first = latest.current.layout === null;
        const kept = await send(MANUAL_SAVE);
        // Auto-save needs a layout to add versions to: the first save is what turns it on.
        if (kept) toast(first ? FIRST_SAVED : SAVED);
        return kept;
      }),
    [enqueue, send],
  );

  const [autoSaver] = useState(() =>
    createAutoSaver(autoSaveDelayMs, () => {
      void enqueue(async () => {
        // A manual save may have taken these changes already.
        if (latest.current.status !== "conflict" && isUnsaved(latest.current.editor)) await send(AUTO_SAVE);
      });
    }),
  );
  useEffect(
    () => () => {
      autoSaver.cancel();
    },
    [autoSaver],
  );

  const elements = editor.history.present;
  const unsaved = isUnsaved(editor);
  useEffect(() => {
    autoSaver.changed(
      mayAutoSave({
        editing,
        layoutId: layout?.id ?? null,
        elementCount: elements.length,
        unsaved,
        conflicted: status === "conflict",
      }),
    );
    // Only a change of the elements (or of whether saving is allowed) restarts the wait.
  }, [autoSaver, editing, layout?.id, elements, unsaved, status]);

  const reload = useCallback(
    () =>
      enqueue(async () => {
        const fresh = await fetchLayout(pageName);
        if (fresh) {
          accept(fresh);
          dispatch({ type: "load", elements: fresh.elements });
        }
        setStatus("idle");
      }),
    [accept, dispatch, enqueue, pageName],
  );

  const overwrite = useCallback(
    () =>
      enqueue(async () => {
        const fresh = await fetchLayout(pageName);
        const kept = await send(MANUAL_SAVE, fresh?.version);
        if (kept) toast(SAVED);
        return kept;
      }),
    [enqueue, pageName, send],
  );

  const publish = useCallback(
    async (versionId?: number) => {
      if (versionId === undefined && (isUnsaved(latest.current.editor) || !latest.current.layout)) {
        if (!(await saveNow())) return;
      }
      await enqueue(async () => {
        const current = latest.current.layout;
        if (!current) return;
        try {
          accept(await publishVersion(current.id, versionId ?? current.versionId));
          toast({ title: "Published", description: "Visitors now see this design." });
        } catch (error) {
          toast({
            title: "Publish Failed",
            description: readableError(error, "Failed to publish the layout."),
            variant: "destructive",
          });
        }
      });
    },
    [accept, enqueue, saveNow],
  );

  const unpublish = useCallback(
    () =>
      enqueue(async () => {
        const current = latest.current.layout;
        if (!current) return;
        try {
          accept(await unpublishLayout(current.id));
          toast({ title: "Layout Unpublished", description: "Visitors see the page without a design." });
        } catch (error) {
          toast({
            title: "Unpublish Failed",
            description: readableError(error, "Failed to unpublish the layout."),
            variant: "destructive",
          });
        }
      }),
    [accept, enqueue],
  );

  return { layout, status, saveNow, reload, overwrite, publish, unpublish, adopt: accept };
}
