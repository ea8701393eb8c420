// Letters Unicode does not decompose into a base letter and a mark, written as their usual
// Latin spelling so a title keeps them as readable letters.
const UNDECOMPOSED: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
};

/** How long a new item's title rests before the editor asks which slug it would get. */
export const SLUG_PREVIEW_WAIT_MS = 300;

/**
 * Turn a title into a URL slug by the site's rule (SPEC §5), after folding accented letters
 * to their base letters: lowercase, trim, drop everything but word characters, spaces and
 * hyphens, collapse runs of spaces, underscores and hyphens into one hyphen, and strip
 * hyphens from the ends.
 * @example slugify("  The Sandwich -- Was_Fine! ") // "the-sandwich-was-fine"
 * @example slugify("Héllo Ünïcode") // "hello-unicode"
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[ßæœøđðłþı]/g, (letter) => UNDECOMPOSED[letter] ?? letter)
    .trim()
    .replace(/[^\w\s-]/g, "")
    .replace(/[\s_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The first of `base`, `base-1`, `base-2`, … that is not in `taken`.
 * @example uniqueSlug("meh", new Set(["meh", "meh-1"])) // "meh-2"
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 1; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The slug a new item titled `title` is saved with, given the slugs already `taken`; a title
 * with no letters left takes `fallback` ("post", "video").
 */
export const newSlug = (title: string, fallback: string, taken: ReadonlySet<string>): string =>
  uniqueSlug(slugify(title) || fallback, taken);
