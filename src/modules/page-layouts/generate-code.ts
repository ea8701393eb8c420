import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { escapeXml } from "@/lib/escape-xml";
import { withinBand } from "./band";
import { draftElementSchema, type LayoutElement } from "./schema";
import { STYLE_PROPERTIES } from "./styles";

/** The designer's export (SPEC §3 Generated designer output): markup and a stylesheet for it. */
export interface GeneratedCode {
  html: string;
  css: string;
}

/** The class of the box the elements are placed in; each element's class is this, a hyphen and its id. */
export const LAYOUT_CLASS = "layout";

const classOf = (element: LayoutElement): string => `${LAYOUT_CLASS}-${element.id}`;

export const kebabCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const px = (value: number): string => `${value}px`;

function rule(selector: string, declarations: readonly Declaration[]): string {
  return `${selector} {\n${declarations.map(([property, value]) => `  ${property}: ${value};\n`).join("")}}\n`;
}

function markup(element: LayoutElement): string {
  const name = classOf(element);
  if (element.type === "image") {
    // An image not yet described is written as decorative (alt=""), never named by its URL.
    return `<img class="${name}" src="${escapeXml(element.content || PLACEHOLDER_IMAGE)}" alt="${escapeXml(element.alt ?? "")}">`;
  }
  if (element.type === "button" && element.href !== undefined) {
    return `<a class="${name}" href="${escapeXml(element.href)}">${escapeXml(element.content)}</a>`;
  }
  const tag = element.type === "button" ? 'button type="button"' : "div";
  const close = element.type === "button" ? "button" : "div";
  return `<${tag} class="${name}">${escapeXml(element.content)}</${close}>`;
}

/** One CSS declaration: a property as CSS spells it, and its value. */
export type Declaration = readonly [property: string, value: string];

/**
 * What places and styles one element, in the order its rule lists them. The quick
 * designer's canvas draws each element with these very declarations, so what it shows is
 * what the code says.
 * @example elementDeclarations(newElement("box", "element-1"))[1] // ["left", "100px"]
 */
export function elementDeclarations(element: LayoutElement): Declaration[] {
  const styles = STYLE_PROPERTIES.flatMap((property) => {
    const value = element.styles[property];
    return value === undefined ? [] : [[kebabCase(property), value] as const];
  });
  return [
    ["position", "absolute"],
    ["left", px(element.x)],
    ["top", px(element.y)],
    ["width", px(element.width)],
    ["height", px(element.height)],
    // The canvas draws an element at exactly its width and height, padding included.
    ["box-sizing", "border-box"],
    ...styles,
  ];
}

const elementRule = (element: LayoutElement): string => rule(`.${classOf(element)}`, elementDeclarations(element));

/**
 * The elements that pass the schema, each id once. Whatever writes a layout out checks each
 * element again, whatever its caller promised: a stored layout that escaped validation loses
 * the elements that fail rather than writing them out, and one stored before the band held
 * its elements comes out inside it. An image still without words passes (the quick
 * designer's code, an editor's draft): stored layouts have them, as their schema requires.
 */
export function acceptableElements(elements: readonly unknown[]): LayoutElement[] {
  const seen = new Set<string>();
  return elements.flatMap((raw) => {
    const parsed = draftElementSchema.safeParse(raw);
    if (!parsed.success || seen.has(parsed.data.id)) return [];
    seen.add(parsed.data.id);
    return [withinBand(parsed.data)];
  });
}

/**
 * The layout as HTML and CSS: every element absolutely placed, in list order, inside a box
 * as large as the elements reach. The same elements always give the same bytes, and style
 * properties are written in one fixed order whatever order they were set in.
 * @example generateCode([newElement("text", "element-1")]).html // '<div class="layout">\n  <div class="layout-element-1">Sample Text</div>\n</div>\n'
 */
export function generateCode(elements: readonly unknown[]): GeneratedCode {
  const placed = acceptableElements(elements);
  const width = placed.reduce((reach, element) => Math.max(reach, element.x + element.width), 0);
  const height = placed.reduce((reach, element) => Math.max(reach, element.y + element.height), 0);
  const html = [`<div class="${LAYOUT_CLASS}">`, ...placed.map((element) => `  ${markup(element)}`), "</div>", ""];
  const css = [
    rule(`.${LAYOUT_CLASS}`, [
      ["position", "relative"],
      ["width", px(width)],
      ["height", px(height)],
    ]),
    ...placed.map(elementRule),
  ];
  return { html: html.join("\n"), css: css.join("\n") };
}
