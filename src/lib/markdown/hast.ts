import type { Element, ElementContent, Properties, Root } from "hast";

/** A hast element, as the plugins that add structure of their own write one. */
export const h = (tagName: string, properties: Properties, children: ElementContent[] = []): Element => ({
  type: "element",
  tagName,
  properties,
  children,
});

/** A text node. */
export const text = (value: string): ElementContent => ({ type: "text", value });

/**
 * A deep copy of hast nodes, which are plain data: a JSON round trip, several times faster
 * than `structuredClone` over a long essay's notes.
 */
export const copyNodes = <T extends ElementContent | ElementContent[]>(nodes: T): T =>
  JSON.parse(JSON.stringify(nodes)) as T;

/** Whether `node` is an element with `tagName`. */
export const isElement = (node: unknown, tagName?: string): node is Element =>
  typeof node === "object" &&
  node !== null &&
  (node as { type?: unknown }).type === "element" &&
  (tagName === undefined || (node as Element).tagName === tagName);

/** What an `eachElement` callback returns: nothing to go on, `SKIP_CHILDREN`, or the index to go on from. */
export const SKIP_CHILDREN = "skip";
type Next = typeof SKIP_CHILDREN | number | undefined;

/**
 * Calls `fn` on every element under `node`, depth first in document order, with its parent
 * and index. It returns `SKIP_CHILDREN` to pass over the element's children, or the index in
 * its parent to go on from after changing the parent's children. A plain loop: the essay's
 * own passes walk every element of a long essay, and `unist-util-visit`'s per-node closures
 * made those walks a tenth of its render time (`bench/essay-render.ts`).
 */
export function eachElement(
  node: Root | Element,
  fn: (element: Element, parent: Root | Element, index: number) => Next,
): void {
  const { children } = node;
  for (let index = 0; index < children.length; index++) {
    const child = children[index];
    if (child?.type !== "element") continue;
    const next = fn(child, node, index);
    if (typeof next === "number") index = next - 1;
    else if (next !== SKIP_CHILDREN) eachElement(child, fn);
  }
}

/** The one `tagName` element a paragraph holds, with nothing else beside it but spaces; otherwise undefined. */
export function loneElement(paragraph: Element, tagName: string): Element | undefined {
  const content = paragraph.children.filter((child) => !(child.type === "text" && child.value.trim() === ""));
  const [only] = content;
  return content.length === 1 && isElement(only, tagName) ? only : undefined;
}
