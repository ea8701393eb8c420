/**
 * Turn a title into a URL slug by the site's rule (SPEC §5): lowercase, trim, drop
 * everything but word characters, spaces and hyphens, collapse runs of spaces,
 * underscores and hyphens into one hyphen, and strip hyphens from the ends.
 * @example slugify("  The Sandwich -- Was_Fine! ") // "the-sandwich-was-fine"
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
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
