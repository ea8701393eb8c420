import { useCallback, useRef, useState } from "react";

/**
 * `useReducer` whose newest state can also be read at once, before React renders it. An
 * action dispatched outside React's own events (CodeMirror reports typing from its DOM
 * observer) is rendered a moment later, and a key press can come first on a busy page: a
 * save in that moment must still send what was typed, not the last render's document.
 */
export function useCurrentReducer<S, A, I>(
  reducer: (state: S, action: A) => S,
  initialArg: I,
  init: (arg: I) => S,
): [state: S, dispatch: (action: A) => void, latest: () => S] {
  const [state, setState] = useState(() => init(initialArg));
  const newest = useRef(state);
  const dispatch = useCallback(
    (action: A) => {
      newest.current = reducer(newest.current, action);
      setState(newest.current);
    },
    [reducer],
  );
  const latest = useCallback(() => newest.current, []);
  return [state, dispatch, latest];
}
