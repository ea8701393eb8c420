import type { Element, ElementContent, Properties } from "hast";

/** A hast element, as the plugins that add structure of their own write one. */
export const h = (tagName: string, properties: Properties, children: ElementContent[] = []): Element => ({
  type: "element",
  tagName,
  properties,
  children,
});

/** A text node. */
export const text = (value: string): ElementContent => ({ type: "text", value });

/** Whether `node` is an element with `tagName`. */
export const isElement = (node: unknown, tagName?: string): node is Element =>
  typeof node === "object" &&
  node !== null &&
  (node as { type?: unknown }).type === "element" &&
  (tagName === undefined || (node as Element).tagName === tagName);
