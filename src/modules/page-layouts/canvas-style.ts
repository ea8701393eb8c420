import { DESIGN_WIDTH } from "./defaults";
import type { LayoutElement } from "./schema";

/** What an element inherits from the page it is published on (the theme's body text). */
export interface PageText {
  fontFamily: string;
  fontSize: number;
  /** A multiple of the font size. */
  lineHeight: number;
  colour: string;
}

/** Top, right, bottom, left, in pixels, as CSS orders them. */
export type Sides = [number, number, number, number];

/** An element's look in the terms a canvas draws in: pixels, multiples and colours. */
export interface CanvasLook {
  /** The background colour, or undefined for none. */
  fill: string | undefined;
  /** Top left, top right, bottom right, bottom left. */
  cornerRadius: Sides;
  border: { width: number; colour: string; dash: number[] | undefined } | undefined;
  padding: Sides;
  fontSize: number;
  /** The font weight, as a canvas font string takes it ("normal", "bold", "600"). */
  fontWeight: string;
  fontFamily: string;
  lineHeight: number;
  colour: string;
  align: "left" | "center" | "right" | "justify";
  verticalAlign: "top" | "middle";
}

const ROOT_FONT_PX = 16;
const NORMAL_LINE_HEIGHT = 1.2;

/**
 * A CSS length in pixels; `%` is of `reference`. Values have passed the style grammars
 * (`styles.ts`), so a length is a number and one of px, rem, em and %, or 0.
 * @example toPixels("1.5rem", 20, 100) // 24
 */
export function toPixels(length: string, fontSize: number, reference: number): number {
  const match = /^(\d*\.?\d+)(px|rem|em|%)?$/i.exec(length.trim());
  if (!match) return 0;
  const value = Number(match[1]);
  switch (match[2]?.toLowerCase()) {
    case "rem":
      return value * ROOT_FONT_PX;
    case "em":
      return value * fontSize;
    case "%":
      return (value * reference) / 100;
    default:
      return value;
  }
}

/** One to four lengths spread over four sides as CSS does: `12px 24px` is 12 above and below, 24 beside. */
function sides(value: string | undefined, measure: (length: string) => number): Sides {
  const [a = 0, b = a, c = a, d = b] = (value ?? "").split(/\s+/).filter(Boolean).map(measure);
  return [a, b, c, d];
}

function border(value: string | undefined, fontSize: number, colour: string): CanvasLook["border"] {
  const match = /^(\S+)\s+(solid|dashed|dotted|double)(?:\s+(.+))?$/i.exec(value?.trim() ?? "");
  if (!match) return undefined;
  const width = toPixels(match[1] ?? "0", fontSize, 0);
  if (width <= 0) return undefined;
  const style = match[2]?.toLowerCase();
  const dash = style === "dashed" ? [width * 3, width * 2] : style === "dotted" ? [width, width] : undefined;
  return { width, colour: paint(match[3], colour), dash };
}

// A canvas cannot paint "currentcolor": it is the text's colour, as in CSS.
const paint = (value: string | undefined, colour: string): string =>
  value === undefined || value.toLowerCase() === "currentcolor" ? colour : value;

function lineHeight(value: string | undefined, fontSize: number, page: PageText): number {
  if (value === undefined) return page.lineHeight;
  if (value.toLowerCase() === "normal") return NORMAL_LINE_HEIGHT;
  if (/^\d*\.?\d+$/.test(value)) return Number(value);
  return toPixels(value, fontSize, fontSize * 100) / fontSize;
}

/**
 * How an element looks on the canvas, read from its styles the way the published page's
 * CSS reads them: a button centres its text, the rest start at the top left, and what is
 * not set comes from the page's text.
 */
export function canvasLook(element: LayoutElement, page: PageText): CanvasLook {
  const { styles } = element;
  const fontSize = styles.fontSize ? toPixels(styles.fontSize, page.fontSize, page.fontSize) : page.fontSize;
  const colour = paint(styles.color, page.colour);
  const background = styles.backgroundColor && paint(styles.backgroundColor, colour);
  const limit = Math.min(element.width, element.height) / 2;
  const radius = sides(styles.borderRadius, (length) =>
    Math.min(limit, toPixels(length, fontSize, Math.min(element.width, element.height))),
  );
  const button = element.type === "button";
  return {
    fill: background,
    cornerRadius: [radius[0], radius[1], radius[2], radius[3]],
    border: border(styles.border, fontSize, colour),
    padding: sides(styles.padding, (length) => toPixels(length, fontSize, DESIGN_WIDTH)),
    fontSize,
    fontWeight: styles.fontWeight?.toLowerCase() ?? "normal",
    fontFamily: page.fontFamily,
    lineHeight: lineHeight(styles.lineHeight, fontSize, page),
    colour,
    align: (styles.textAlign?.toLowerCase() as CanvasLook["align"] | undefined) ?? (button ? "center" : "left"),
    verticalAlign: button ? "middle" : "top",
  };
}
