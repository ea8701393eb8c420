import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { themeToken, withTokensResolved } from "./theme-token";

const css = ":root { --grey-50: #f6f5f3; --my-grey-50: red; --color-bg: var(--grey-50); --radius: 6px }";

it("reads a custom property, following var() references", () => {
  expect(themeToken(css, "--radius")).toBe("6px");
  expect(themeToken(css, "--grey-50")).toBe("#f6f5f3");
  expect(themeToken(css, "--color-bg")).toBe("#f6f5f3");
});

it("is undefined for a property the stylesheet does not declare", () => {
  expect(themeToken(css, "--color-text")).toBeUndefined();
});

it("finds the default theme's background, which the layout gives the browser", () => {
  const defaultTheme = readFileSync("content/theme/default.css", "utf8");
  expect(themeToken(defaultTheme, "--color-bg")).toMatch(/^#[0-9a-f]{6}$/);
});

it("takes the last declaration, as the cascade does when a theme is laid over the default", () => {
  const layered = `${css}\n:root { --grey-50: #101010 !important; --radius: 0 }`;
  expect(themeToken(layered, "--color-bg")).toBe("#101010");
  expect(themeToken(layered, "--radius")).toBe("0");
});

it("has no value for a property that reads itself back, however long the loop, and never recurses without end", () => {
  expect(themeToken(":root { --a: var(--a) }", "--a")).toBeUndefined();
  expect(themeToken(":root { --a: var(--b); --b: var(--c); --c: var(--a) }", "--a")).toBeUndefined();
  const chain = Array.from({ length: 100_000 }, (_, i) => `--c${i}: var(--c${i + 1});`).join(" ");
  expect(themeToken(`:root { ${chain} --c100000: red }`, "--c0")).toBeUndefined();
  expect(themeToken(":root { --a: var(--b); --b: var(--c); --c: red }", "--a")).toBe("red");
});

it("writes out the tokens a value is made of, through references, leaving unknown ones", () => {
  const theme =
    ":root { --accent: #7f98a6; --strong: oklch(from var(--accent) min(l, 0.45) c h); --link: var(--strong) }";
  expect(withTokensResolved(theme, "var(--link)")).toBe("oklch(from #7f98a6 min(l, 0.45) c h)");
  expect(withTokensResolved(theme, "color-mix(in srgb, var(--accent) 20%, var(--nothing))")).toBe(
    "color-mix(in srgb, #7f98a6 20%, var(--nothing))",
  );
  expect(withTokensResolved(":root { --a: var(--b); --b: var(--a) }", "var(--a)")).toBe("var(--a)");
});
