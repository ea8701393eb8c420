import { useEffect, useRef, useState } from "react";
import { forgetWork, holdWork, keepWork, keptWork, newWorkKey, type KeptKind, type KeptWork } from "./kept-new-work";

/**
 * A new item's work kept in this browser while the dialog is `open` (see `kept-new-work.ts`):
 * the work left by forms no longer open, offered newest first to continue or discard, and
 * where this form keeps its own. Continuing takes the left work's key, so the form goes on
 * writing there and nothing is kept twice.
 */
export function useNewWork(kind: KeptKind, open: boolean) {
  const [key, setKey] = useState<string | null>(null);
  const [offers, setOffers] = useState<readonly KeptWork[]>([]);
  const [resumed, setResumed] = useState<KeptWork | null>(null);
  const release = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    const own = newWorkKey(kind);
    const hold = holdWork(own);
    release.current = hold.release;
    setKey(own);
    void hold.taken
      .then(() => keptWork(kind))
      .then((found) => {
        if (live) setOffers(found);
      });
    return () => {
      live = false;
      release.current();
      setKey(null);
      setOffers([]);
      setResumed(null);
    };
  }, [kind, open]);

  return {
    key,
    /** The newest work left by a form no longer open, while the owner has not said what to do with it. */
    offer: offers[0] ?? null,
    resumed,
    /** Take `work` over for this form; resolves whether it could (another tab may have continued it first). */
    continueWork: async (work: KeptWork): Promise<boolean> => {
      const hold = holdWork(work.key);
      const taken = await hold.taken;
      setOffers((left) => left.filter((other) => other !== work));
      if (!taken) return false;
      release.current();
      release.current = hold.release;
      setKey(work.key);
      setResumed(work);
      return true;
    },
    discardWork: (work: KeptWork) => {
      forgetWork(work.key);
      setOffers((left) => left.filter((other) => other !== work));
    },
    /** Keep the form's work under this form's key. */
    keep: (work: unknown) => {
      if (key) keepWork(kind, key, work);
    },
    /** The site has the item now, or the owner threw the work away. */
    forget: () => {
      if (key) forgetWork(key);
    },
  };
}
