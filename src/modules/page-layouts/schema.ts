import { z } from "zod";
import { text, urlOrPath } from "@/lib/form-fields";
import { siteAreaOf } from "@/lib/routed-path";
import { mediaUrl } from "@/modules/uploads/media-url";
import { isStyleProperty, styleFault, type StyleProperty } from "./styles";

/** What an element may be (SPEC §3); the palettes offer all but `container`. */
export const ELEMENT_TYPES = ["text", "image", "button", "box", "container"] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

/** What the quick designer's palette makes (SPEC §3 Designer element). */
export const DESIGNER_ELEMENT_TYPES = ["text", "box", "button", "image"] as const;
export type DesignerElementType = (typeof DESIGNER_ELEMENT_TYPES)[number];

/** Limits that keep one layout small enough to store, send and render without thought. */
export const MAX_ELEMENTS = 200;
export const MAX_COORDINATE = 10_000;
export const MAX_SIZE = 4000;
export const MAX_CONTENT = 5000;
/** An image's alt text says what it shows in a sentence or two; a caption belongs in text. */
export const MAX_ALT = 300;

/** What the schema says of an image with neither alt text nor `decorative: true`. */
export const MISSING_ALT = "Describe the image, or mark it decorative";

// An id becomes part of a CSS class and an HTML attribute, so it holds nothing either could misread.
const ELEMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const DESIGNER_ID = /^element-\d{1,15}$/;

const elementId = z.string().regex(ELEMENT_ID, "Must be 1 to 64 letters, digits, hyphens or underscores");

const styleValue = (property: StyleProperty) =>
  z
    .string()
    .trim()
    .refine((value) => styleFault(property, value) === undefined, {
      error: (issue) => styleFault(property, String(issue.input)),
    });

/**
 * An element's styles: only the allowlisted properties (`styles.ts`), each value checked by
 * its own grammar. A property outside the list is refused at its own path rather than
 * dropped, so the owner hears about it instead of losing it silently.
 */
export const stylesSchema = z
  .record(z.string(), z.unknown())
  .superRefine((styles, ctx) => {
    for (const name of Object.keys(styles)) {
      if (!isStyleProperty(name))
        ctx.addIssue({ code: "custom", path: [name], message: "Not an allowed style property" });
    }
  })
  .pipe(
    z.strictObject({
      fontSize: styleValue("fontSize").optional(),
      color: styleValue("color").optional(),
      fontWeight: styleValue("fontWeight").optional(),
      backgroundColor: styleValue("backgroundColor").optional(),
      padding: styleValue("padding").optional(),
      borderRadius: styleValue("borderRadius").optional(),
      border: styleValue("border").optional(),
      objectFit: styleValue("objectFit").optional(),
      cursor: styleValue("cursor").optional(),
      textAlign: styleValue("textAlign").optional(),
      lineHeight: styleValue("lineHeight").optional(),
    }),
  );
export type Styles = z.output<typeof stylesSchema>;

const NOT_THE_API = "Must not be an address of the site's API";

/**
 * Where a button goes: a path on this site or an https URL (`urlOrPath`'s rules), never the
 * API, however the address spells it (`siteAreaOf`): its calls are not pages to visit.
 */
export const buttonHrefSchema = urlOrPath
  // urlOrPath takes http: too; what else it refuses, it says itself.
  .refine((value) => URL.parse(value)?.protocol !== "http:", "Must be a path on this site or an https URL")
  .refine((value) => siteAreaOf(value) !== "api", NOT_THE_API);

const elementFields = {
  id: elementId,
  type: z.enum(ELEMENT_TYPES),
  x: z.number().min(0, "Must be at least 0").max(MAX_COORDINATE, `At most ${MAX_COORDINATE}`),
  y: z.number().min(0, "Must be at least 0").max(MAX_COORDINATE, `At most ${MAX_COORDINATE}`),
  width: z.number().int("Must be a whole number").min(0, "Must be at least 0").max(MAX_SIZE, `At most ${MAX_SIZE}`),
  height: z.number().int("Must be a whole number").min(0, "Must be at least 0").max(MAX_SIZE, `At most ${MAX_SIZE}`),
  content: text().max(MAX_CONTENT, `At most ${MAX_CONTENT} characters`),
  /** A button's destination, rendered as a link's `href`. */
  href: buttonHrefSchema.optional(),
  /** An image's words for whoever cannot see it, written as its `alt`. */
  alt: text({ singleLine: true }).trim().max(MAX_ALT, `At most ${MAX_ALT} characters`).optional(),
  /** An image that only decorates: written with `alt=""`, so screen readers pass over it. */
  decorative: z.boolean().optional(),
  styles: stylesSchema,
};

// An image's content is its source: a visitor's browser loads it, so it must be one of ours
// or an http(s) URL, and a file rather than the API or the admin pages (`mediaUrl`).
const imageSource = mediaUrl("image");

function checkFields(
  element: { type: string; content: string; href?: string; alt?: string; decorative?: boolean },
  ctx: z.RefinementCtx,
): void {
  if (element.href !== undefined && element.type !== "button") {
    ctx.addIssue({ code: "custom", path: ["href"], message: "Only a button has a destination" });
  }
  if (element.type !== "image") {
    if (element.alt !== undefined)
      ctx.addIssue({ code: "custom", path: ["alt"], message: "Only an image has alt text" });
    if (element.decorative !== undefined) {
      ctx.addIssue({ code: "custom", path: ["decorative"], message: "Only an image can be decorative" });
    }
    return;
  }
  if (element.decorative === true && element.alt) {
    ctx.addIssue({ code: "custom", path: ["alt"], message: "A decorative image has no alt text" });
  }
  if (element.content === "") return;
  const source = imageSource.safeParse(element.content);
  for (const issue of source.error?.issues ?? []) {
    ctx.addIssue({ code: "custom", path: ["content"], message: issue.message });
  }
}

// Visitors get an image's alt text, or an empty alt when the owner said it only decorates;
// an image with neither would leave a screen reader to guess, so no layout stores one.
function checkWords(element: { type: string; alt?: string; decorative?: boolean }, ctx: z.RefinementCtx): void {
  if (element.type === "image" && !element.alt && element.decorative !== true) {
    ctx.addIssue({ code: "custom", path: ["alt"], message: MISSING_ALT });
  }
}

/**
 * An element as an editor may hold it while the owner works: every rule of a stored one but
 * the image's words, which the owner gives after placing or uploading the image. The editors
 * check each edit with this, and what they save with `layoutDocumentSchema`.
 */
export const draftElementSchema = z
  .strictObject({ ...elementFields, children: z.array(elementId).max(MAX_ELEMENTS).optional() })
  .superRefine(checkFields);

/** One element of a page layout (SPEC §3 Layout element), as stored in `page_layouts.elements`. */
export const layoutElementSchema = draftElementSchema.superRefine(checkWords);
export type LayoutElement = z.output<typeof layoutElementSchema>;
export type LayoutElementInput = z.input<typeof layoutElementSchema>;

/** One element of the quick designer (SPEC §3 Designer element): no containers, ids `element-N`. */
export const designerElementSchema = z
  .strictObject({
    ...elementFields,
    id: z.string().regex(DESIGNER_ID, "Must be element- followed by a number"),
    type: z.enum(DESIGNER_ELEMENT_TYPES),
  })
  // Its code is handed out, never stored: an image not described is written as decorative.
  .superRefine(checkFields);
export type DesignerElement = z.output<typeof designerElementSchema>;

// Elements form a forest: every child exists, has one parent, and is not its own ancestor,
// so whatever walks the tree (rendering, deleting) ends.
function checkTree(elements: readonly LayoutElement[], ctx: z.RefinementCtx): void {
  const ids = new Set<string>();
  elements.forEach((element, index) => {
    if (ids.has(element.id))
      ctx.addIssue({ code: "custom", path: [index, "id"], message: "Another element has this id" });
    ids.add(element.id);
  });
  const parentOf = new Map<string, string>();
  elements.forEach((element, index) => {
    element.children?.forEach((child, at) => {
      const path = [index, "children", at];
      if (!ids.has(child)) ctx.addIssue({ code: "custom", path, message: "No element has this id" });
      else if (parentOf.has(child)) ctx.addIssue({ code: "custom", path, message: "Already a child of an element" });
      else if (isAncestorOrSelf(child, element.id, parentOf)) {
        ctx.addIssue({ code: "custom", path, message: "Would make the element its own ancestor" });
      } else parentOf.set(child, element.id);
    });
  });
}

// Edges are only added when they make no cycle, so the walk up always ends.
function isAncestorOrSelf(candidate: string, id: string, parentOf: ReadonlyMap<string, string>): boolean {
  for (let at: string | undefined = id; at !== undefined; at = parentOf.get(at)) {
    if (at === candidate) return true;
  }
  return false;
}

/** A whole page layout: at most `MAX_ELEMENTS` elements with unique ids forming a forest. */
export const layoutDocumentSchema = z
  .array(layoutElementSchema)
  .max(MAX_ELEMENTS, `At most ${MAX_ELEMENTS} elements`)
  .superRefine(checkTree);
export type LayoutDocument = z.output<typeof layoutDocumentSchema>;
