import { describe, expect, it } from "vitest";
import { DEFAULT_THEME_CSS } from "./default-theme";
import { findCssProblems } from "./validate-css.server";

describe("custom properties that refer back to themselves", () => {
  it.each([
    ["a property that reads itself", ":root { --color-bg: var(--color-bg) }", 1, 9, "--color-bg → --color-bg"],
    ["two that read each other", ":root {\n  --a: var(--b);\n  --b: var(--a);\n}", 2, 3, "--a → --b → --a"],
    [
      "a loop of three, across rules",
      ":root { --a: var(--b) }\nbody { --b: var(--c) }\nmain { --c: calc(var(--a) + 1px) }",
      1,
      9,
      "--a → --b → --c → --a",
    ],
    ["a loop hidden in a fallback", ":root { --a: var(--x, var(--a)) }", 1, 9, "--a → --a"],
    [
      "a loop through the default theme's own tokens",
      ":root { --grey-50: var(--color-bg) }",
      1,
      9,
      "--grey-50 → --color-bg → --grey-50",
    ],
    ["a loop written with an escape", ":root { --\\61: var(--a) }", 1, 9, "--a → --a"],
  ])("%s is refused at its declaration", (_what, css, line, column, path) => {
    const problems = findCssProblems(css);
    const problem = problems.find((found) => found.line === line && found.column === column);
    expect(problem?.message, JSON.stringify(problems)).toContain(`(${path})`);
  });

  it.each([
    ["a chain that ends in a value", ":root { --a: var(--b); --b: var(--c, red); --c: blue }"],
    ["a property overriding the default's reference", ":root { --color-bg: #fff; --grey-50: var(--color-bg) }"],
    ["names that differ only in case", ":root { --A: var(--a); --a: red }"],
    ["a var() after the name in a value", ":root { --gap: 1rem; --pad: calc(var(--gap) * 2) }"],
  ])("%s is accepted", (_what, css) => {
    expect(findCssProblems(css)).toEqual([]);
  });

  it("the default theme has no loop of its own", () => {
    expect(findCssProblems(DEFAULT_THEME_CSS)).toEqual([]);
  });
});
