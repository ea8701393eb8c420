import type { ElementType, LayoutElement } from "./schema";

/** What the designer calls each kind of element. */
export const TYPE_NAMES: Readonly<Record<ElementType, string>> = {
  text: "Text",
  image: "Image",
  button: "Button",
  box: "Box",
  container: "Container",
};

const QUOTE_MAX = 30;

function quoted(content: string): string {
  const line = content.replace(/\s+/g, " ").trim();
  if (line === "") return "";
  return ` “${line.length > QUOTE_MAX ? `${line.slice(0, QUOTE_MAX - 1)}…` : line}”`;
}

/**
 * An element's name for people: its kind and what it says (an image by its kind alone,
 * since its content is an address).
 * @example elementName({ type: "button", content: "Buy now" }) // 'Button “Buy now”'
 */
export function elementName(element: Pick<LayoutElement, "type" | "content">): string {
  return `${TYPE_NAMES[element.type]}${element.type === "image" ? "" : quoted(element.content)}`;
}

/**
 * Where an element is and how big, in words a screen reader speaks well.
 * @example placement({ x: 100, y: 120, width: 200, height: 40 }) // "x 100, y 120, 200 by 40 pixels"
 */
export function placement(element: Pick<LayoutElement, "x" | "y" | "width" | "height">): string {
  return `x ${element.x}, y ${element.y}, ${element.width} by ${element.height} pixels`;
}

/**
 * The sentence announced when an element is selected or has moved.
 * @example describeSelection({ type: "box", content: "", x: 0, y: 0, width: 10, height: 10 }) // "Box selected at x 0, y 0, 10 by 10 pixels."
 */
export function describeSelection(element: LayoutElement | undefined): string {
  return element ? `${elementName(element)} selected at ${placement(element)}.` : "No element selected.";
}
