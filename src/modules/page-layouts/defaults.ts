import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import type { ElementType, LayoutElement, Styles } from "./schema";

/** A place on the canvas, in CSS pixels from its top left corner. */
export interface Point {
  x: number;
  y: number;
}

/**
 * The width the owner designs at, in CSS pixels: the site's content width. Visitors see the
 * design at this width, scaled down on narrower screens.
 */
export const DESIGN_WIDTH = 1200;

/** The designer's grid, in pixels (SPEC §9). */
export const GRID_SIZE = 20;

/** Where a new element appears, and how far a copy sits from its original (SPEC §4, §9). */
export const START_POSITION: Readonly<Point> = { x: 100, y: 100 };
export const COPY_OFFSET = 20;

/** Elements made by the editors are numbered `element-1`, `element-2`, … (SPEC §3). */
export const ELEMENT_ID_PREFIX = "element";

interface ElementDefaults {
  width: number;
  height: number;
  content: string;
  /** A button's destination. */
  href?: string;
}

/** The full-screen and quick designers' new elements (SPEC §9). An image starts empty and shows the placeholder. */
const DESIGNER_DEFAULTS: Readonly<Record<ElementType, ElementDefaults>> = {
  text: { width: 200, height: 40, content: "Sample Text" },
  button: { width: 120, height: 40, content: "Button" },
  image: { width: 200, height: 150, content: "" },
  box: { width: 200, height: 150, content: "" },
  container: { width: 300, height: 200, content: "" },
};

/** The home page editor's new elements (SPEC §9); it has no containers of its own, so they are the designer's. */
const HOME_EDITOR_DEFAULTS: Readonly<Record<ElementType, ElementDefaults>> = {
  ...DESIGNER_DEFAULTS,
  text: { width: 200, height: 40, content: "New Text Element" },
  // The home page's button goes somewhere from the start: where a visitor reads on.
  button: { width: 120, height: 40, content: "Click Me", href: "/archive" },
  image: { width: 200, height: 150, content: PLACEHOLDER_IMAGE },
};

/** Which editor's defaults a new element takes. */
export const ELEMENT_PRESETS = { designer: DESIGNER_DEFAULTS, home: HOME_EDITOR_DEFAULTS } as const;
export type ElementPreset = keyof typeof ELEMENT_PRESETS;

/** SPEC §9's default styles, shared by both editors. White is written as hex so a colour input can show it. */
export const DEFAULT_STYLES: Readonly<Record<ElementType, Readonly<Styles>>> = {
  text: {
    fontSize: "16px",
    color: "#333333",
    fontWeight: "normal",
    backgroundColor: "transparent",
    padding: "10px",
    borderRadius: "4px",
  },
  box: { backgroundColor: "#667eea", borderRadius: "8px", border: "none" },
  // The brand a shade darker: white 14 px text on #667eea is 3.7:1, short of WCAG AA's
  // 4.5:1, and a designed button goes straight onto a public page; this is 4.8:1.
  button: {
    backgroundColor: "#5a67d8",
    color: "#ffffff",
    borderRadius: "6px",
    padding: "12px 24px",
    fontSize: "14px",
    fontWeight: "600",
  },
  image: { borderRadius: "8px", objectFit: "cover", backgroundColor: "#f0f0f0" },
  container: {},
};

/**
 * A new element of `type` with its editor's defaults, its top left corner at `at`.
 * @example newElement("button", "element-3", { x: 40, y: 60 }, "home").content // "Click Me"
 */
export function newElement(
  type: ElementType,
  id: string,
  at: Readonly<Point> = START_POSITION,
  preset: ElementPreset = "designer",
): LayoutElement {
  return { id, type, x: at.x, y: at.y, ...ELEMENT_PRESETS[preset][type], styles: { ...DEFAULT_STYLES[type] } };
}
