import { z } from "zod";
import { MEH_RATING } from "../../db/domain-constants.ts";
import { acceptableText, type TextRule } from "./acceptable-text";
import { CATEGORIES } from "./categories";

/** A string that keeps the site's rule for text (`acceptable-text`): every text field starts here. */
export const text = (rule?: TextRule) => z.string().check(acceptableText(rule));

// Browsers drop tabs and newlines anywhere in a URL and read a backslash as a slash, so
// "/\t/evil.example" loads evil.example; such characters are refused rather than guessed at.
const UNSAFE_IN_URL = /[\p{Cc}\s\\]/u;
// Paths are resolved against a made-up origin: a path on this site keeps it, `//host` does not.
const THIS_SITE = "https://site.invalid";

/** Whether a browser given `value` stays on this site (a path) or loads an http(s) URL, read as it would. */
function isUrlOrPath(value: string): boolean {
  const url = URL.parse(value, THIS_SITE);
  if (!url) return false;
  if (value.startsWith("/")) return url.origin === THIS_SITE;
  return URL.canParse(value) && (url.protocol === "http:" || url.protocol === "https:");
}

/**
 * A link the site may render as a URL: an http(s) URL or a path on this site. Never
 * `javascript:`, `data:` or a protocol-relative `//host` (OWASP ASVS 5.1.5), decided by
 * the WHATWG URL parser as the browser decides.
 */
export const urlOrPath = z
  .string()
  .trim()
  .max(2048, "URL is too long")
  .refine((value) => !UNSAFE_IN_URL.test(value), "Must not contain spaces, control characters or backslashes")
  .refine(isUrlOrPath, "Must be an http(s) URL or a path on this site");

/** PostgreSQL's `integer`, the type of every id and number column (`db/schema`). */
export const INTEGER_RANGE = { min: -2_147_483_648, max: 2_147_483_647 } as const;

export interface IntegerBounds {
  /** At least this; the column's least unless said. */
  min?: number;
  /** At most this; the column's greatest unless said, and never more. */
  max?: number;
  /** The field's name as messages open with it, for a value read from a URL that no form labels. */
  name?: string;
}

/**
 * A whole number an `integer` column can hold, narrowed by `min` and `max`. Past the
 * column's range the database would refuse the query (SQLSTATE 22003, a 500), so it is
 * refused here first: a 400 naming the field. The bounds are checked before wholeness,
 * so 2^53 is told it is too large rather than not whole.
 * @example integer({ min: 0 }).safeParse(2147483648).success // false
 */
export function integer({ min = INTEGER_RANGE.min, max = INTEGER_RANGE.max, name }: IntegerBounds = {}) {
  const least = Math.max(min, INTEGER_RANGE.min);
  const most = Math.min(max, INTEGER_RANGE.max);
  const must = name ? `${name} must` : "Must";
  return z
    .number({ error: `${must} be a number` })
    .min(least, `${must} be at least ${String(least)}`)
    .max(most, `${must} be at most ${String(most)}`)
    .int(`${must} be a whole number`);
}

/** A row's id: identity columns count from 1. */
export const databaseId = () => integer({ min: 1 });

/** Optional free text: blank becomes null. */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A meh rating from a form: clamped to 1-5, and anything empty or not a number becomes 3
 * (SPEC §5).
 * @example clampRating("9") // 5
 */
export function clampRating(value: unknown): number {
  const number =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (!Number.isFinite(number)) return MEH_RATING.default;
  return Math.min(MEH_RATING.max, Math.max(MEH_RATING.min, Math.round(number)));
}

export const mehRating = z.unknown().optional().transform(clampRating);

/**
 * What posts and videos share (SPEC §3): a title, a category, the meh rating, the three
 * analysis texts and the featured flag. `slug` may be sent, but the server derives it.
 */
export const itemFields = {
  title: text({ singleLine: true }).trim().min(1, "Title is required").max(200, "At most 200 characters"),
  category: z.enum(CATEGORIES, { error: "Choose one of the four categories" }),
  mehRating,
  existentialEcho: optionalText(2000),
  soundtrackPotential: optionalText(2000),
  emotionalTexture: optionalText(2000),
  featured: z.boolean().default(false),
  slug: text({ singleLine: true }).max(300).optional(),
};

/**
 * What an admin's GET of a post or video carries that no write takes: the id (the URL names
 * the item) and how late a start published it. Accepted and ignored (`acceptingReadOnly`), so
 * that representation sent back with a change saves. `slug` (and a post's `readTime`),
 * derived, and `publishedAt` as the GET shows it beside a draft or a published item, are
 * fields the schemas take and the services ignore.
 */
export const ITEM_READ_ONLY = ["id", "lateSeconds"] as const;
