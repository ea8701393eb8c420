import { placeCoordinate, placeSize } from "./geometry";
import { buttonHrefSchema, draftElementSchema, layoutElementSchema, type LayoutElement } from "./schema";
import { isStyleProperty, styleFault, type StyleProperty } from "./styles";

// The edits the layout editors make to one element. Each hands back the very element it was
// given when nothing changes, so the reducer can tell a no-op from an undo step.

/** A new size, and a new top left corner when a handle on the top or left side moved it. */
export interface Size {
  width: number;
  height: number;
  x?: number;
  y?: number;
}

/** The element placed at x, y: whole pixels, never above or left of the canvas, on the grid when snapping. */
export function moved(element: LayoutElement, x: number, y: number, snap = false): LayoutElement {
  const next = { x: placeCoordinate(x, snap), y: placeCoordinate(y, snap) };
  return next.x === element.x && next.y === element.y ? element : { ...element, ...next };
}

/** The element at a new size in whole pixels from 0 to the limit, its corner moved if the size says so. */
export function resized(element: LayoutElement, size: Size): LayoutElement {
  const width = placeSize(size.width);
  const height = placeSize(size.height);
  const placed = moved(element, size.x ?? element.x, size.y ?? element.y);
  if (placed === element && width === element.width && height === element.height) return element;
  return { ...placed, width, height };
}

/**
 * The element with new content, unless the schema would refuse it (an image source that is
 * not a URL, too much text): the editor never holds an element it could not save but for an
 * image's words, which the owner gives in their own field.
 */
export function withContent(element: LayoutElement, typed: string): LayoutElement {
  const content = contentOf(element, typed);
  if (content === element.content) return element;
  const next = { ...element, content };
  return draftElementSchema.safeParse(next).success ? next : element;
}

// An image's content is an address, where surrounding spaces mean nothing.
const contentOf = (element: LayoutElement, typed: string): string => (element.type === "image" ? typed.trim() : typed);

/**
 * Why `withContent` would refuse what was typed, or undefined when it would take it.
 * @example contentFault(image, "javascript:alert(1)") // a sentence saying what an image's address must be
 */
export function contentFault(element: LayoutElement, typed: string): string | undefined {
  const parsed = draftElementSchema.safeParse({ ...element, content: contentOf(element, typed) });
  return parsed.error?.issues.find((issue) => issue.path[0] === "content")?.message;
}

// Words say what an image shows, so they make it more than decoration; blank takes them away.
function described(element: LayoutElement, typed: string): LayoutElement {
  const { alt: _alt, decorative, ...rest } = element;
  const alt = typed.trim();
  if (alt !== "") return { ...rest, alt };
  return decorative === true ? { ...rest, decorative } : rest;
}

/**
 * The image with new alt text, trimmed, which unmarks it decorative; blank removes the words.
 * Words past the limit change nothing, and only an image has them.
 */
export function withAlt(element: LayoutElement, typed: string): LayoutElement {
  if (element.type !== "image" || typed.trim() === (element.alt ?? "")) return element;
  const next = described(element, typed);
  return draftElementSchema.safeParse(next).success ? next : element;
}

/**
 * Why an image could not be saved with `typed` as its alt text (none while it is not
 * decorative, too long), or undefined when it could: the save schema's own words.
 * @example altFault(newElement("image", "element-1"), "") // "Describe the image, or mark it decorative"
 */
export function altFault(element: LayoutElement, typed: string): string | undefined {
  if (element.type !== "image") return undefined;
  const parsed = layoutElementSchema.safeParse(described(element, typed));
  return parsed.error?.issues.find((issue) => issue.path[0] === "alt")?.message;
}

/**
 * The image marked decorative, which drops its alt text (a decorative image has none), or
 * unmarked. Only an image can be either.
 */
export function withDecorative(element: LayoutElement, decorative: boolean): LayoutElement {
  if (element.type !== "image" || (element.decorative === true) === decorative) return element;
  const { alt: _alt, decorative: _was, ...rest } = element;
  return decorative ? { ...rest, decorative: true } : rest;
}

/**
 * The element with one style set, or removed when the value is blank; a value the
 * property's grammar refuses changes nothing.
 * @example withStyle(text, "color", "red; position: fixed") === text // true
 */
export function withStyle(element: LayoutElement, property: StyleProperty, typed: string): LayoutElement {
  const value = typed.trim();
  if (!isStyleProperty(property) || element.styles[property] === (value || undefined)) return element;
  if (value === "") {
    const { [property]: _removed, ...styles } = element.styles;
    return { ...element, styles };
  }
  const valid = styleFault(property, value) === undefined;
  return valid ? { ...element, styles: { ...element.styles, [property]: value } } : element;
}

/**
 * Why a button could not go to `typed`, or undefined when it could (a blank one goes nowhere).
 * @example hrefFault("javascript:alert(1)") // "Must be an http(s) URL or a path on this site"
 */
export function hrefFault(typed: string): string | undefined {
  if (typed.trim() === "") return undefined;
  return buttonHrefSchema.safeParse(typed).error?.issues[0]?.message;
}

/**
 * The button with a new destination, without one when `typed` is blank; a destination the
 * schema refuses changes nothing. Only a button has one.
 */
export function withHref(element: LayoutElement, typed: string): LayoutElement {
  if (element.type !== "button") return element;
  const href = typed.trim();
  if (href === "") {
    if (element.href === undefined) return element;
    const { href: _removed, ...rest } = element;
    return rest;
  }
  const parsed = buttonHrefSchema.safeParse(href);
  if (!parsed.success || parsed.data === element.href) return element;
  return { ...element, href: parsed.data };
}
