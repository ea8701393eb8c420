import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  draftReducer,
  isUnsaved,
  startDraft,
  tokenValue,
  withRule,
  withToken,
  type ThemeDraft,
} from "./theme-document";

const defaultCss = readFileSync("content/theme/default.css", "utf8");

describe("withToken", () => {
  it("changes a declared token in place, keeping everything else byte for byte", () => {
    const next = withToken(defaultCss, "--color-link", "#cc3300");
    expect(tokenValue(next, defaultCss, "--color-link")).toBe("#cc3300");
    expect(next.replace("#cc3300", "var(--accent-cool-strong)")).toBe(defaultCss);
  });

  it("adds an undeclared token to the theme's :root rule, or makes one", () => {
    expect(withToken(":root {\n  --radius: 2px;\n}\n", "--color-bg", "#000")).toBe(
      ":root {\n  --color-bg: #000;\n  --radius: 2px;\n}\n",
    );
    expect(withToken("a { color: red }", "--radius", "0px")).toBe(":root {\n  --radius: 0px;\n}\n\na { color: red }");
    expect(withToken("", "--radius", "0px")).toBe(":root {\n  --radius: 0px;\n}\n");
  });

  it("keeps a typed value from ending the declaration or the rule", () => {
    const next = withToken(":root { --radius: 2px; }", "--radius", "3px; } body { display: none");
    expect(next).toBe(":root { --radius: 3px body display: none; }");
  });

  it("reads a token through the default when the theme does not set it", () => {
    expect(tokenValue("", defaultCss, "--color-bg")).toBe("#f6f5f3");
    expect(tokenValue(":root { --grey-50: #000000 }", defaultCss, "--color-bg")).toBe("#000000");
  });
});

describe("withRule", () => {
  it("adds a rule only with a selector, a property and a value (SPEC §5)", () => {
    expect(withRule("a{}", { selector: "h1", property: "color", value: " red " })).toBe(
      "a{}\n\nh1 {\n  color: red;\n}\n",
    );
    expect(withRule("", { selector: "h1", property: "", value: "red" })).toBeNull();
    expect(withRule("", { selector: "h1", property: "color", value: "  " })).toBeNull();
    expect(withRule("", { selector: " ", property: "color", value: "red" })).toBeNull();
  });
});

describe("draftReducer", () => {
  const run = (draft: ThemeDraft, ...actions: Parameters<typeof draftReducer>[1][]) =>
    actions.reduce(draftReducer, draft);

  it("makes one undo step of a colour swept through many values", () => {
    const start = startDraft(defaultCss);
    const swept = run(
      start,
      ...Array.from({ length: 30 }, (_, i) => ({
        type: "tokenSet" as const,
        name: "--color-link",
        value: `#0000${(i + 10).toString(16)}`,
        at: i * 16,
      })),
    );
    expect(swept.history.past).toHaveLength(1);
    expect(isUnsaved(swept)).toBe(true);
    expect(run(swept, { type: "undo" }).history.present).toBe(defaultCss);
  });

  it("shows one document in both tabs: a token set after typing is in the typed text", () => {
    const typed = run(startDraft(":root { --radius: 1px; }"), {
      type: "edited",
      css: ":root { --radius: 1px; }\nh1 { letter-spacing: 1px }",
      at: 0,
    });
    const both = run(typed, { type: "tokenSet", name: "--radius", value: "9px", at: 5000 });
    expect(both.history.present).toBe(":root { --radius: 9px; }\nh1 { letter-spacing: 1px }");
    expect(run(both, { type: "undo" }).history.present).toBe(typed.history.present);
  });

  it("is saved once the text it shows was saved, and a load starts a fresh history", () => {
    const edited = run(startDraft("a{}"), { type: "edited", css: "b{}", at: 0 });
    expect(isUnsaved(run(edited, { type: "saved", css: "b{}" }))).toBe(false);
    const loaded = run(edited, { type: "loaded", css: "c{}" });
    expect(loaded.history.past).toEqual([]);
    expect(isUnsaved(loaded)).toBe(false);
  });

  it("ignores a rule without a value", () => {
    const draft = startDraft("a{}");
    expect(run(draft, { type: "ruleAdded", rule: { selector: "a", property: "color", value: "" } })).toBe(draft);
  });
});
