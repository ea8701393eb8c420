/**
 * The value of a custom property declared in a stylesheet, following `var(--other)` to the
 * value it names, so values the browser needs outside CSS (the theme-color meta) come from
 * the theme itself rather than a copy.
 * @example themeToken(":root { --grey-50: #f6f5f3; --color-bg: var(--grey-50); }", "--color-bg") // "#f6f5f3"
 */
export function themeToken(css: string, name: string): string | undefined {
  // The last declaration wins, as in the cascade: a theme laid over the default overrides it.
  const declarations = [...css.matchAll(new RegExp(`(?<![\\w-])${name}\\s*:\\s*([^;}]+)`, "g"))];
  const value = declarations
    .at(-1)?.[1]
    ?.replace(/!important\s*$/i, "")
    .trim();
  const reference = value === undefined ? null : /^var\((--[\w-]+)\)$/.exec(value);
  return reference?.[1] === undefined ? value : themeToken(css, reference[1]);
}
