import type { LayoutElement } from "../schema";

/**
 * An element on the home canvas in words: its kind, what it says and where it sits. Its
 * button's name, and what is announced when it is selected.
 * @example describeElement({ type: "text", content: "Hi", x: 0, y: 20, width: 100, height: 40 }) // 'Text "Hi" at 0, 20, 100 by 40'
 */
export function describeElement(element: LayoutElement): string {
  const what =
    element.type === "image" ? "Image" : `${element.type === "button" ? "Button" : "Text"} "${element.content}"`;
  return `${what} at ${element.x}, ${element.y}, ${element.width} by ${element.height}`;
}
