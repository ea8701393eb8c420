import { startHistory, type History } from "@/lib/history";
import type { LayoutElement } from "../schema";

/**
 * The layout editors' document: the elements with their undo history, which one is
 * selected, and what was last loaded or saved. Selecting is not an undo step, so clicking
 * around never costs the owner their redo.
 */
export interface LayoutEditor {
  history: History<LayoutElement[]>;
  selectedId: string | null;
  /** The elements as last loaded or saved: the layout is unsaved when they differ. */
  saved: LayoutElement[];
}

/**
 * Marks the changes of one gesture, which undo as one step. Every change of a drag passes
 * the same `id`; `at` is when the change happened, and a pause longer than the history's
 * window starts a new step. A drag that must stay one step however long it pauses passes
 * its pointer-down time as `at` throughout.
 */
export interface Gesture {
  id: string;
  at: number;
}

/** A document as loaded: nothing to undo, nothing selected, nothing unsaved. */
export const startLayoutEditor = (elements: LayoutElement[]): LayoutEditor => ({
  history: startHistory(elements),
  selectedId: null,
  saved: elements,
});

/**
 * Whether the elements differ from those last loaded or saved. Undo hands back the very
 * array that was saved; comparing the JSON catches an edit made and then made back.
 */
export const isUnsaved = ({ history, saved }: LayoutEditor): boolean =>
  history.present !== saved && JSON.stringify(history.present) !== JSON.stringify(saved);
