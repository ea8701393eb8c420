import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import type { StyleDeclaration } from "@/lib/use-cssom-styles";
import { DESIGN_WIDTH } from "./defaults";
import { acceptableElements, kebabCase } from "./generate-code";
import type { ElementType, LayoutElement } from "./schema";
import { STYLE_PROPERTIES } from "./styles";

/** The class of the box a published design sits in; its elements' classes start with it. */
export const PUBLISHED_CLASS = "designed-layout";

/**
 * Below this width of the page's content box, elements are no longer placed but stacked in
 * reading order at their own sizes: scaled further, text would be too small to read.
 */
export const STACK_BELOW_PX = 760;

/** Scaled text never gets smaller than this. */
const MIN_FONT_PX = 12;

/** One element as the page renders it: the markup's part; where and how it looks is in the stylesheet. */
export interface PublishedElement {
  id: string;
  type: ElementType;
  className: string;
  content: string;
  width: number;
  height: number;
  /** For an image, the source the page may load: one of the site's own, else the placeholder. */
  src?: string;
  /** For an image, its alt text: empty when the owner marked it decorative. */
  alt?: string;
  /** For a button with a destination, where its link goes. */
  href?: string;
}

const classOf = (id: string): string => `${PUBLISHED_CLASS}__${id}`;

/**
 * The class an element's kind wears on every surface, which the shared stylesheet
 * (`designed-layout.css`) dresses.
 * @example kindClass("button") // "designed-layout__button"
 */
export function kindClass(type: ElementType): string {
  return `${PUBLISHED_CLASS}__${type === "image" ? "image" : type === "button" ? "button" : "block"}`;
}

/**
 * The image a page of the site may show for `content`: the site's own, else the
 * placeholder. The pages' CSP lets images come from the site alone, so another site's URL
 * would only show as broken.
 * @example imageSource("https://images.example/a.png") // "/images/placeholder.svg"
 */
export function imageSource(content: string): string {
  if (content.startsWith("/") && !content.startsWith("//")) return content;
  return PLACEHOLDER_IMAGE;
}

/** Top to bottom, then left to right: the order a reader (and a screen reader) meets them. */
function inReadingOrder(elements: readonly LayoutElement[]): LayoutElement[] {
  return elements
    .map((element, index) => ({ element, index }))
    .sort((a, b) => a.element.y - b.element.y || a.element.x - b.element.x || a.index - b.index)
    .map(({ element }) => element);
}

/** The published elements the page writes out, valid ones only, in reading order. */
export function publishedElements(raw: readonly unknown[]): PublishedElement[] {
  return inReadingOrder(acceptableElements(raw)).map((element) => ({
    id: element.id,
    type: element.type,
    // Its own class, which the design's stylesheet places; editors set the same declarations on the element itself.
    className: `${classOf(element.id)} ${kindClass(element.type)}`,
    content: element.content,
    width: element.width,
    height: element.height,
    ...(element.type === "image"
      ? { src: imageSource(element.content || PLACEHOLDER_IMAGE), alt: element.alt ?? "" }
      : {}),
    ...(element.type === "button" && element.href !== undefined ? { href: element.href } : {}),
  }));
}

/** How many design pixels one `cqi` (a hundredth of the content box) is at the design width. */
const PX_PER_CQI = DESIGN_WIDTH / 100;

/**
 * A length in design pixels as a share of the content box, so the design scales with it.
 * Divided in CSS rather than rounded here, so at the design width every length is the
 * owner's pixel exactly, never a fraction short (which the browser would round down).
 */
const scaled = (px: number): string => (px === 0 ? "0" : `calc(${px}cqi / ${PX_PER_CQI})`);

// Style values have passed their grammars (`styles.ts`), so a pixel length is plainly "<number>px".
const scaleLengths = (value: string): string => value.replace(/(\d*\.?\d+)px/g, (_, n: string) => scaled(Number(n)));

function styleDeclarations(element: LayoutElement, scale: boolean): StyleDeclaration[] {
  return STYLE_PROPERTIES.flatMap((property): StyleDeclaration[] => {
    const value = element.styles[property];
    if (value === undefined) return [];
    let written = value;
    if (scale) {
      written = scaleLengths(value);
      if (property === "fontSize" && written !== value) written = `max(${MIN_FONT_PX}px, ${written})`;
    }
    return [[kebabCase(property), written]];
  });
}

const rule = (selector: string, declarations: readonly StyleDeclaration[]): string =>
  `${selector} { ${declarations.map(([property, value]) => `${property}: ${value}`).join("; ")}; }`;

const grows = (element: LayoutElement): boolean => element.type === "text" || element.type === "button";

/**
 * Where and how one element is drawn on a wide screen, as declarations: the published
 * stylesheet writes them as its rule, and the editors set them on the element they draw, so
 * the canvas and the page come from this one function.
 */
export function placedDeclarations(element: LayoutElement, layer: number): StyleDeclaration[] {
  return [
    ["margin-left", scaled(element.x)],
    ["margin-top", scaled(element.y)],
    ["width", scaled(element.width)],
    // Text and buttons grow to fit their words rather than cut them off: a visitor's fonts
    // and a narrower screen both make text longer than it was on the canvas.
    [grows(element) ? "min-height" : "height", scaled(element.height)],
    ["z-index", String(layer)],
    ...styleDeclarations(element, true),
  ];
}

function stackedRule(element: LayoutElement): string {
  const width: StyleDeclaration = ["width", `min(100%, ${element.width}px)`];
  // Text and buttons are as tall as their words: a stored height is the box as drawn at the
  // design width, often grown there by wrapping, and kept on a phone it is blank space. The
  // wide screen's scaled min-height is undone too.
  const size: StyleDeclaration[] =
    element.type === "image"
      ? [width, ["height", "auto"], ["aspect-ratio", `${Math.max(element.width, 1)} / ${Math.max(element.height, 1)}`]]
      : element.type === "box" || element.type === "container"
        ? [width, ["height", `${element.height}px`]]
        : [width, ["height", "auto"], ["min-height", "0"]];
  return rule(`.${classOf(element.id)}`, [["margin", "0"], ...size, ...styleDeclarations(element, false)]);
}

/**
 * The stylesheet of a published design. On a wide screen every element sits where the owner
 * put it, all lengths scaled with the content box (container query units), so the design
 * keeps its shape from the design width down. Each element is placed by its margins in the
 * canvas's one grid cell rather than absolutely, so text that grows its box (a narrower
 * screen, a visitor's fonts) grows the band with it instead of running over what follows; below `STACK_BELOW_PX` the elements stack in
 * reading order at their own widths, never wider than the screen, text and buttons as tall as their words. Layers follow the owner's
 * order, as on the canvas. The same elements always give the same bytes.
 */
export function publishedLayoutCss(raw: readonly unknown[]): string {
  const elements = acceptableElements(raw);
  const reach = elements.reduce((bottom, element) => Math.max(bottom, element.y + element.height), 0);
  const stacked = inReadingOrder(elements);
  return [
    rule(`.${PUBLISHED_CLASS}__canvas`, [["min-height", scaled(reach)]]),
    ...elements.map((element, index) => rule(`.${classOf(element.id)}`, placedDeclarations(element, index + 1))),
    `@container (width < ${STACK_BELOW_PX}px) {`,
    `  ${rule(`.${PUBLISHED_CLASS}__canvas`, [["min-height", "0"]])}`,
    ...stacked.map((element) => `  ${stackedRule(element)}`),
    "}",
    "",
  ].join("\n");
}
