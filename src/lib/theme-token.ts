// A theme is anyone's text: a chain of references longer than this is not a design.
const MAX_REFERENCES = 32;

/**
 * The value of a custom property declared in a stylesheet, following `var(--other)` to the
 * value it names, so values the browser needs outside CSS (the theme-color meta) come from
 * the theme itself rather than a copy. A reference that loops back, or a chain longer than
 * 32, has no value, as a browser treats a cycle: it never recurses without end.
 * @example themeToken(":root { --grey-50: #f6f5f3; --color-bg: var(--grey-50); }", "--color-bg") // "#f6f5f3"
 * @example themeToken(":root { --a: var(--b); --b: var(--a); }", "--a") // undefined
 */
export function themeToken(css: string, name: string): string | undefined {
  const seen = new Set<string>();
  let current = name;
  while (!seen.has(current) && seen.size < MAX_REFERENCES) {
    seen.add(current);
    const value = lastDeclaredValue(css, current);
    const reference = value === undefined ? null : /^var\((--[\w-]+)\)$/.exec(value);
    if (reference?.[1] === undefined) return value;
    current = reference[1];
  }
  return undefined;
}

// The last declaration wins, as in the cascade: a theme laid over the default overrides it.
function lastDeclaredValue(css: string, name: string): string | undefined {
  const declarations = [...css.matchAll(new RegExp(`(?<![\\w-])${name}\\s*:\\s*([^;}]+)`, "g"))];
  return declarations
    .at(-1)?.[1]
    ?.replace(/!important\s*$/i, "")
    .trim();
}

/**
 * A value with every `var(--name)` in it replaced by what the stylesheet declares for it, so
 * a colour made from another (`oklch(from var(--accent) …)`) can be shown outside the page.
 * A reference with no value is left as it is.
 * @example withTokensResolved(":root { --a: #123456; }", "oklch(from var(--a) l c h)") // "oklch(from #123456 l c h)"
 */
export function withTokensResolved(css: string, value: string, depth = 0): string {
  if (depth >= MAX_REFERENCES) return value;
  return value.replace(/var\((--[\w-]+)\)/g, (reference, name: string) => {
    const declared = themeToken(css, name);
    return declared === undefined ? reference : withTokensResolved(css, declared, depth + 1);
  });
}
