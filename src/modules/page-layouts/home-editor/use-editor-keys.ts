import { useRef, type Dispatch, type KeyboardEvent } from "react";
import { GROUP_WINDOW_MS } from "@/lib/history";
import { isInWindow, isTyping, keyAction } from "../keyboard-actions";
import type { Gesture, LayoutAction } from "../layout-document";

/**
 * The editor's keys (`keyAction`), read wherever the focus is inside it; `keepFocus` runs
 * after a delete, whose element may have held the focus.
 */
export function useEditorKeys(
  selectedId: string | null,
  dispatch: Dispatch<LayoutAction>,
  keepFocus: () => void,
): (event: KeyboardEvent<HTMLDivElement>) => void {
  const nudge = useRef<Gesture | null>(null);
  return (event) => {
    if (isTyping(event.target) || isInWindow(event.target)) return;
    const action = keyAction(event, selectedId);
    if (!action) return;
    event.preventDefault();
    if (action.type === "nudge" || action.type === "grow") {
      // A burst of arrow presses is one undo step: presses closer together than the history's window.
      const now = Date.now();
      const same = nudge.current?.id.startsWith(action.type) && now - nudge.current.at < GROUP_WINDOW_MS;
      nudge.current = same && nudge.current ? { ...nudge.current, at: now } : { id: `${action.type}-${now}`, at: now };
      dispatch({ ...action, gesture: nudge.current });
    } else dispatch(action);
    if (action.type === "delete") keepFocus();
  };
}
