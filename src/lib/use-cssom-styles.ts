import { useLayoutEffect, useRef, type RefObject } from "react";

/** A CSS property as CSS spells it (custom properties too), and its value. */
export type StyleDeclaration = readonly [property: string, value: string];

/**
 * Style an element through the CSSOM (`style.setProperty`), which a Content-Security-Policy
 * without 'unsafe-inline' allows, where a `style` attribute in markup is refused. Properties
 * dropped from one render to the next are removed. Pass a list that keeps its identity while
 * it does not change (a `useMemo`), so the element is only touched when it must be.
 */
export function useCssomStyles<T extends HTMLElement>(declarations: readonly StyleDeclaration[]): RefObject<T | null> {
  const ref = useRef<T>(null);
  const applied = useRef<readonly string[]>([]);
  useLayoutEffect(() => {
    const style = ref.current?.style;
    if (!style) return;
    const names = declarations.map(([property]) => property);
    for (const property of applied.current) if (!names.includes(property)) style.removeProperty(property);
    for (const [property, value] of declarations) style.setProperty(property, value);
    applied.current = names;
  }, [declarations]);
  return ref;
}
