/**
 * Undo history for an editor's document (Puck's and Excalidraw's shape): the present, the
 * states before it and the states undone. A gesture (a drag, a burst of typing, a colour
 * picker being swept) is one step: changes in the same `group` close together in time
 * replace the present instead of adding to the past.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The gesture the present belongs to, and when it last changed. */
  group?: { key: string; at: number };
}

/** Steps kept to undo; older ones are forgotten. */
export const HISTORY_LIMIT = 200;
/** Changes of one group this close together are one step. */
export const GROUP_WINDOW_MS = 600;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/**
 * Record a new present. With a `group`, a change that continues the present's gesture
 * (same key, within the window) joins its step; without one, it is a step of its own.
 */
export function record<T>(history: History<T>, next: T, group?: { key: string; at: number }): History<T> {
  if (Object.is(next, history.present)) return history;
  const continues =
    group !== undefined &&
    history.group !== undefined &&
    group.key === history.group.key &&
    group.at - history.group.at <= GROUP_WINDOW_MS;
  if (continues) return { ...history, present: next, future: [], group };
  return {
    past: [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    group,
  };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

export const canUndo = (history: History<unknown>): boolean => history.past.length > 0;
export const canRedo = (history: History<unknown>): boolean => history.future.length > 0;
