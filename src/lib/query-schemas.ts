import { z } from "zod";
import { CATEGORIES } from "./categories";
import { itemFields, text } from "./form-fields";
import { MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE } from "./paging";
import { readSearchTerm } from "./search-term";

/** A whole number in a query string, within bounds; absent means `fallback`. */
const wholeNumber = (name: string, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, `${name} must be at least 1`)
        .max(max, `${name} must be at most ${String(max)}`),
    )
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
export const idParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "Id must be a positive integer")
    .transform(Number)
    .pipe(z.number().max(2147483647, "Id must be a positive integer")),
});

// The spec reads posts and videos by slug and writes them by id on one path, `/{ref}`:
// these read the one parameter under the name its errors should give.

/** `{ref}` read as a slug. */
export const refAsSlug = z.preprocess((params) => ({ slug: (params as { ref?: string }).ref }), slugParam);

/** `{ref}` read as an id. */
export const refAsId = z.preprocess((params) => ({ id: (params as { ref?: string }).ref }), idParam);
