import { DESIGN_WIDTH } from "./defaults";

/** The styles that size an element's box, as an element's `styles` holds them. */
interface SizingStyles {
  fontSize?: string;
  padding?: string;
  border?: string;
  lineHeight?: string;
}

/** What the band holds of an element (a layout element has more). */
interface Placed {
  x: number;
  width: number;
  styles: SizingStyles;
}

/**
 * The band a layout is drawn in: the page's content column, `DESIGN_WIDTH` wide. Whatever
 * an element holds, it stays inside the band across and within sizes a page can carry, so
 * no layout widens a visitor's page or makes a phone's page run on for screens.
 */
export const BAND_LIMITS = {
  /** The largest text, in CSS pixels: a headline, not a wall. */
  fontPx: 160,
  /** Each side's padding: more would push the element's box past its width. */
  paddingPx: 120,
  /** A border's width. */
  borderPx: 40,
  /** Line height as a multiple of the text size, and as a length. */
  lineHeight: 4,
  lineHeightPx: 400,
} as const;

// A root em and an em are taken at the browser's default 16 px, as the designer draws them.
const EM_PX = 16;
const LENGTH = /^(\d*\.?\d+)(px|rem|em|%)?$/i;

/** A CSS length in pixels (percentages of a 16 px text), or undefined when it is not one. */
function pixels(length: string): number | undefined {
  const match = LENGTH.exec(length.trim());
  if (!match) return undefined;
  const value = Number(match[1]);
  const unit = (match[2] ?? "").toLowerCase();
  if (unit === "rem" || unit === "em") return value * EM_PX;
  if (unit === "%") return (value * EM_PX) / 100;
  // A bare number is only a length when it is 0.
  return unit === "px" || value === 0 ? value : undefined;
}

/** Each length of `value` held to `max` pixels; other words (a border's style and colour) kept. */
function capLengths(value: string, max: number): string {
  const parts = value.trim().split(/\s+/);
  const over = (part: string) => (pixels(part) ?? 0) > max;
  if (!parts.some(over)) return value;
  return parts.map((part) => (over(part) ? `${String(max)}px` : part)).join(" ");
}

function capLineHeight(value: string): string {
  if (/^\d*\.?\d+$/.test(value.trim())) {
    return Number(value) > BAND_LIMITS.lineHeight ? String(BAND_LIMITS.lineHeight) : value;
  }
  return capLengths(value, BAND_LIMITS.lineHeightPx);
}

function stylesWithinBand<S extends SizingStyles>(styles: S): S {
  const capped: S = { ...styles };
  if (styles.fontSize !== undefined) capped.fontSize = capLengths(styles.fontSize, BAND_LIMITS.fontPx);
  if (styles.padding !== undefined) capped.padding = capLengths(styles.padding, BAND_LIMITS.paddingPx);
  if (styles.border !== undefined) capped.border = capLengths(styles.border, BAND_LIMITS.borderPx);
  if (styles.lineHeight !== undefined) capped.lineHeight = capLineHeight(styles.lineHeight);
  return capped;
}

const sameStyles = (a: SizingStyles, b: SizingStyles): boolean =>
  a.fontSize === b.fontSize && a.padding === b.padding && a.border === b.border && a.lineHeight === b.lineHeight;

/**
 * The element held inside the band: at most the band's width, its right edge at the band's,
 * text, padding, border and line height at most `BAND_LIMITS`. The very element comes back
 * when it was already inside, so the editors' reducer records nothing.
 * @example withinBand({ ...box, x: 1100, width: 4000 }) // { ...box, x: 0, width: 1200 }
 */
export function withinBand<T extends Placed>(element: T): T {
  const width = Math.min(element.width, DESIGN_WIDTH);
  const x = Math.min(element.x, DESIGN_WIDTH - width);
  const styles = stylesWithinBand(element.styles);
  if (width === element.width && x === element.x && sameStyles(styles, element.styles)) return element;
  return { ...element, x, width, styles };
}
