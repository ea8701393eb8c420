import { z } from "zod";
import { CATEGORIES } from "./categories";
import { integer, itemFields, text, type IntegerBounds } from "./form-fields";
import { MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE } from "./paging";
import { readSearchTerm } from "./search-term";

/**
 * A whole number read from a URL's text (a path parameter, a query value), bounded as
 * `integer` bounds it. Only digits written plainly are read: " 1", "1e3", "0x1", "1.0" and
 * "01" are refused rather than guessed at.
 */
export const integerText = (bounds: IntegerBounds & { name: string }) =>
  z
    .string()
    .regex(/^-?(?:0|[1-9]\d*)$/, `${bounds.name} must be a whole number`)
    .transform(Number)
    .pipe(integer(bounds));

/** A row's id read from a URL's text: identity columns count from 1. */
export const idText = (name: string) => integerText({ min: 1, name });

/** A whole number in a query string, within bounds; absent means `fallback`. */
const wholeNumber = (name: string, max: number, fallback: number) =>
  integerText({ min: 1, max, name })
    .optional()
    .transform((v) => v ?? fallback);

/**
 * `?page=&limit=&view=` on list endpoints: which page (from 1), how many items on it, and
 * whether each is the whole item or only what its card shows (`view=card`, no body).
 */
export const pageQuery = z.object({
  page: wholeNumber("Page", MAX_PAGE, 1),
  limit: wholeNumber("Limit", MAX_PAGE_SIZE, PAGE_SIZE),
  view: z
    .enum(["full", "card"], { error: "View must be full or card" })
    .optional()
    .transform((v) => v ?? "full"),
});

/** `?category=` on list endpoints: absent, blank, or exactly one of the four categories. */
export const categoryQuery = z.object({
  category: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.enum(CATEGORIES, { error: `Category must be one of: ${CATEGORIES.join(", ")}` }).optional())
    .optional(),
});

/** `?category=` with paging. */
export const categoryPageQuery = categoryQuery.extend(pageQuery.shape);

/** `?q=` on search endpoints: trimmed; blank means no search. Long input is cut, not refused. */
export const searchQuery = z.object({
  q: text()
    .optional()
    .transform((v) => readSearchTerm(v ?? "")),
});

/** `?q=` with paging. */
export const searchPageQuery = searchQuery.extend(pageQuery.shape);

/** `?title=` of a new item, whose slug is asked for: the title the item's form would save. */
export const slugPreviewQuery = z.object({ title: itemFields.title });

/** A slug route parameter. Anything that is not slug-shaped cannot name an item. */
export const slugParam = z.object({
  slug: text({ singleLine: true }).min(1).max(200),
});

/** A numeric id route parameter. */
export const idParam = z.object({ id: idText("Id") });

// The spec reads posts and videos by slug and writes them by id on one path, `/{ref}`:
// these read the one parameter under the name its errors should give.

/** `{ref}` read as a slug. */
export const refAsSlug = z.preprocess((params) => ({ slug: (params as { ref?: string }).ref }), slugParam);

/** `{ref}` read as an id. */
export const refAsId = z.preprocess((params) => ({ id: (params as { ref?: string }).ref }), idParam);
