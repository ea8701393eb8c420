import { useEffect, useRef } from "react";
import { designerKey, type DesignerKey, type KeyPlace } from "../designer-keys";
import { isInWindow, isTyping } from "../keyboard-actions";

/** Marks the parts of the designer where keys act on the selected element: the canvas and the layers. */
export const ELEMENT_KEYS_ATTRIBUTE = "data-element-keys";

function placeOf(target: EventTarget | null): KeyPlace {
  if (isTyping(target) || isInWindow(target)) return "typing";
  return target instanceof HTMLElement && target.closest(`[${ELEMENT_KEYS_ATTRIBUTE}]`) ? "element" : "elsewhere";
}

/**
 * Listens for the designer's keys anywhere on the page (Ctrl/Cmd+Z must work wherever the
 * focus is), and hands each one it recognises to `run`, keeping it from the browser.
 */
export function useDesignerKeys(run: (key: DesignerKey) => void, selectedId: string | null): void {
  const latest = useRef({ run, selectedId });
  latest.current = { run, selectedId };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = designerKey(event, placeOf(event.target), latest.current.selectedId);
      if (!key) return;
      event.preventDefault();
      latest.current.run(key);
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, []);
}
