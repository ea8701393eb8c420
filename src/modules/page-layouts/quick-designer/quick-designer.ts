import { GRID_SIZE } from "../defaults";
import type { GeneratedCode } from "../generate-code";
import type { DesignerElementType, LayoutElement } from "../schema";

/** What the quick designer's palette calls each kind of element (SPEC §2), in its order. */
export const PALETTE: readonly { type: DesignerElementType; label: string }[] = [
  { type: "text", label: "Text" },
  { type: "box", label: "Box" },
  { type: "button", label: "Button" },
  { type: "image", label: "Image" },
];

/** An element's name for people: its kind and its id. */
export function elementName(element: Pick<LayoutElement, "id" | "type">): string {
  const label = PALETTE.find(({ type }) => type === element.type)?.label ?? element.type;
  return `${label} ${element.id}`;
}

/**
 * What Copy All puts on the clipboard: the HTML, a blank line, the CSS.
 * @example codeToCopy({ html: "<div></div>\n", css: "div {}\n" }) // "<div></div>\n\ndiv {}\n"
 */
export const codeToCopy = ({ html, css }: GeneratedCode): string => `${html.trimEnd()}\n\n${css}`;

/** Room left past the furthest element, so there is always somewhere further to drag it. */
export const CANVAS_MARGIN = 5 * GRID_SIZE;

/**
 * How far the canvas reaches, in pixels: past the furthest element by `CANVAS_MARGIN`. The
 * canvas is never smaller than its window either; that is the stylesheet's part.
 * @example canvasExtent([{ x: 100, y: 100, width: 200, height: 40 }]) // { width: 400, height: 240 }
 */
export function canvasExtent(elements: readonly Pick<LayoutElement, "x" | "y" | "width" | "height">[]): {
  width: number;
  height: number;
} {
  const reach = (far: (element: (typeof elements)[number]) => number) =>
    elements.reduce((most, element) => Math.max(most, far(element)), 0) + CANVAS_MARGIN;
  return { width: reach((e) => e.x + e.width), height: reach((e) => e.y + e.height) };
}
