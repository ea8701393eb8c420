import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { apiRequest } from "@/lib/api-request";
import { mayDiscardUnsavedWork } from "@/lib/unsaved-work";
import { asRecord, type RevisionWithDocumentJson } from "../revision-json";
import type { KeptKind, KeptWork } from "./kept-new-work";
import { withKept } from "./kept-fields";
import type { Editing } from "./manager-config";
import type { AutosaveState, AutosaveTarget } from "./use-autosave";
import { useNewWork } from "./use-new-work";

const NO_AUTOSAVE: AutosaveState = { savedAt: null, flush: () => Promise.resolve() };

/**
 * The autosave of what the dialog edits: the one left from before, until the owner
 * continues or discards it, and what the form has kept since, which closing offers to keep
 * or discard. An edit autosaves to the site; a new item, which the site has no row for yet,
 * to this browser (`use-new-work.ts`). `editedUrl` is the item's address (none while
 * creating); `close` closes the dialog. Whatever closes the dialog (a save, Esc, the close
 * button) ends this state.
 */
export function useEditSession<T extends object>(
  kind: KeptKind,
  editing: Editing<T>,
  editedUrl: string | undefined,
  close: () => void,
) {
  const fresh = useNewWork(kind, editing?.mode === "new");
  const autosaveUrl = `${editedUrl ?? ""}/autosave`;
  const leftOver = useQuery<{ autosave: RevisionWithDocumentJson | null }>({
    queryKey: [autosaveUrl],
    enabled: editedUrl !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
  const [leftOverSettled, setLeftOverSettled] = useState(false);
  const [resumed, setResumed] = useState<{ document: Readonly<Record<string, unknown>>; savedAt: Date } | null>(null);
  const autosave = useRef<AutosaveState>(NO_AUTOSAVE);
  const [closing, setClosing] = useState(false);
  // A new form for the same item (a restore, an autosave continued) starts from its new values.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (editing) return;
    autosave.current = NO_AUTOSAVE;
    setClosing(false);
    setResumed(null);
    setLeftOverSettled(false);
  }, [editing]);

  // Already gone (saved or discarded elsewhere) is as good as discarded.
  const discard = async () => {
    if (editedUrl === undefined) fresh.forget();
    else await apiRequest("DELETE", autosaveUrl).catch(() => undefined);
  };
  const onState = (state: AutosaveState) => {
    autosave.current = state;
    // Work kept since opening supersedes what was left from before.
    if (state.savedAt && !resumed) setLeftOverSettled(true);
  };

  return {
    /** The autosave left from before, while the owner has not said what to do with it. */
    leftOver: leftOverSettled ? null : (leftOver.data?.autosave ?? null),
    /** Whether closing waits for the owner to keep or discard the work autosaved since opening. */
    closing,
    formKey,
    /** A new item's work kept in this browser by a form no longer open, while the owner has not said what to do with it. */
    keptOffer: fresh.offer,
    /**
     * The autosave continued, whole: for an edit, what the item itself has no field for; for
     * a new item, all the form opens on.
     */
    resumed: resumed?.document ?? fresh.resumed?.document,
    /** The item as the form opens on it: with a continued autosave's fields. */
    formItem: (item: T): T => (resumed ? withKept(item, resumed.document) : item),
    /** The site has what the dialog held: a new item's work kept in this browser is done with. */
    saved: fresh.forget,

    /** Close the dialog: with autosaved work, once the owner says whether to keep it; else unless they would rather keep what they typed. */
    requestClose: () => {
      if (autosave.current.savedAt) {
        setClosing(true);
        return;
      }
      if (!mayDiscardUnsavedWork()) return;
      close();
    },
    keepAndClose: () => {
      void autosave.current.flush().then(close);
    },
    discardAndClose: () => {
      void discard().then(close);
    },
    stay: () => {
      setClosing(false);
    },

    continueLeftOver: (left: RevisionWithDocumentJson) => {
      setResumed({ document: asRecord(left.document), savedAt: new Date(left.createdAt) });
      setLeftOverSettled(true);
      setFormKey((key) => key + 1);
    },
    discardLeftOver: () => {
      setLeftOverSettled(true);
      void discard();
    },
    continueKept: (work: KeptWork) => {
      void fresh.continueWork(work).then((taken) => {
        if (taken) setFormKey((key) => key + 1);
      });
    },
    discardKept: fresh.discardWork,
    /** A revision was restored: the form starts again from it, with nothing autosaved. */
    restored: () => {
      setResumed(null);
      setLeftOverSettled(true);
      autosave.current = NO_AUTOSAVE;
      setFormKey((key) => key + 1);
    },

    /** Where the form keeps its work as it goes. */
    target:
      editedUrl === undefined
        ? ({
            where: "browser",
            keep: (work) =>
              Promise.resolve().then(() => {
                fresh.keep(work);
              }),
            unfinished: true,
            resumedAt: fresh.resumed?.savedAt,
            onState,
          } satisfies AutosaveTarget)
        : ({
            where: "site",
            keep: (work) => apiRequest("PUT", autosaveUrl, work),
            resumedAt: resumed?.savedAt,
            onState,
          } satisfies AutosaveTarget),
  };
}
