import { useLayoutEffect, useRef, useState, type RefObject } from "react";
import type { LayoutElement } from "../schema";

/** The attribute that names which element a drawn node is. */
export const DRAWN_ID_ATTRIBUTE = "data-element-id";

const sameHeights = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/**
 * How tall each element under `host` is drawn, by its id, in its own (unzoomed) pixels:
 * text that needs more room than its box grows it, and the handles must frame what is drawn.
 * Watched with a ResizeObserver, so a font arriving late or an edit is followed.
 */
export function useDrawnHeights(host: RefObject<HTMLElement | null>): Readonly<Record<string, number>> {
  const [heights, setHeights] = useState<Readonly<Record<string, number>>>({});
  const observed = useRef(new Set<Element>());
  useLayoutEffect(() => {
    const root = host.current;
    if (!root) return;
    const measure = () => {
      const next: Record<string, number> = {};
      for (const node of root.querySelectorAll<HTMLElement>(`[${DRAWN_ID_ATTRIBUTE}]`)) {
        const id = node.getAttribute(DRAWN_ID_ATTRIBUTE);
        if (id) next[id] = node.offsetHeight;
      }
      setHeights((current) => (sameHeights(current, next) ? current : next));
    };
    const observer = new ResizeObserver(measure);
    const watch = () => {
      const nodes = new Set(root.querySelectorAll(`[${DRAWN_ID_ATTRIBUTE}]`));
      for (const node of nodes) if (!observed.current.has(node)) observer.observe(node);
      observed.current = nodes;
      measure();
    };
    watch();
    // Elements come and go with the document: new ones are watched as they appear.
    const added = new MutationObserver(watch);
    added.observe(root, { childList: true, subtree: true });
    return () => {
      added.disconnect();
      observer.disconnect();
      observed.current = new Set();
    };
  }, [host]);
  return heights;
}

/** Each element as tall as it is drawn: words that need more room than the box grow it. */
export const asDrawn = (
  elements: readonly LayoutElement[],
  heights: Readonly<Record<string, number>>,
): LayoutElement[] =>
  elements.map((element) => {
    const drawn = heights[element.id] ?? 0;
    return drawn > element.height ? { ...element, height: drawn } : element;
  });
