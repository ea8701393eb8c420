/** How long after the last change a layout saves itself (SPEC §9). */
export const AUTO_SAVE_DELAY_MS = { home: 3000, designer: 5000 } as const;

/** What an auto-save needs (SPEC §4): a layout that exists, elements to keep, and a change to save. */
export interface AutoSaveConditions {
  /** The home editor saves only in edit mode; the designer is always editing. */
  editing: boolean;
  layoutId: number | null;
  elementCount: number;
  unsaved: boolean;
  /** A save refused as stale waits for the owner to choose, never for a timer. */
  conflicted: boolean;
}

export const mayAutoSave = (c: AutoSaveConditions): boolean =>
  c.editing && c.layoutId !== null && c.elementCount > 0 && c.unsaved && !c.conflicted;

/**
 * A timer that saves `delayMs` after the last change: each change starts the wait again,
 * and a change made when saving is not allowed cancels the wait.
 */
export function createAutoSaver(delayMs: number, save: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    changed(allowed: boolean): void {
      cancel();
      if (allowed) timer = setTimeout(save, delayMs);
    },
    cancel,
  };
}
