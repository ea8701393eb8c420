/** What kind of value a token takes, and so which control edits it. */
export type TokenKind = "color" | "font" | "px" | "number";

export interface ThemeTokenSpec {
  name: `--${string}`;
  label: string;
  kind: TokenKind;
  group: "Colours" | "Type" | "Spacing and shape";
  /** What on the site wears it, in the owner's words, so a change is never a guess. */
  usedBy: string;
  /** For numbers and pixel sizes: the range the control offers. */
  range?: { min: number; max: number; step: number };
}

/**
 * The design tokens the Visual Editor offers: the custom properties of the default theme
 * that change the most at once. Every rule of the site reads them (ARCHITECTURE "Styles").
 */
export const THEME_TOKENS: readonly ThemeTokenSpec[] = [
  {
    name: "--color-bg",
    label: "Page background",
    kind: "color",
    group: "Colours",
    usedBy: "the page behind everything, the layout band",
  },
  {
    name: "--color-surface",
    label: "Cards and panels",
    kind: "color",
    group: "Colours",
    usedBy: "cards, panels, the header and footer",
  },
  { name: "--color-text", label: "Text", kind: "color", group: "Colours", usedBy: "headings and reading text" },
  {
    name: "--color-muted",
    label: "Quiet text",
    kind: "color",
    group: "Colours",
    usedBy: "dates, reading times, captions and hints",
  },
  { name: "--color-link", label: "Accent: links", kind: "color", group: "Colours", usedBy: "links in posts and lists" },
  {
    name: "--color-focus",
    label: "Accent: focus ring",
    kind: "color",
    group: "Colours",
    usedBy: "the ring around whatever the keyboard is on",
  },
  {
    name: "--accent-warm",
    label: "Warm accent",
    kind: "color",
    group: "Colours",
    usedBy:
      "the home page's hero line, kicker and about teaser, warm badges, a post's analysis box, highlighted search words",
  },
  {
    name: "--accent-cool",
    label: "Cool accent",
    kind: "color",
    group: "Colours",
    usedBy:
      "category badges, the newsletter band, and through its strong shade links, badge text, the focus ring, the current page's underline and the chosen category",
  },
  {
    name: "--color-border",
    label: "Borders",
    kind: "color",
    group: "Colours",
    usedBy: "card edges, dividers and fields",
  },
  {
    name: "--font-body",
    label: "Reading font",
    kind: "font",
    group: "Type",
    usedBy: "reading text and designed text blocks",
  },
  {
    name: "--font-ui",
    label: "Interface font",
    kind: "font",
    group: "Type",
    usedBy: "navigation, buttons, labels, designed buttons",
  },
  {
    name: "--font-size-body",
    label: "Body size",
    kind: "px",
    group: "Type",
    usedBy: "reading text",
    range: { min: 12, max: 24, step: 1 },
  },
  {
    name: "--line-height-body",
    label: "Line height",
    kind: "number",
    group: "Type",
    usedBy: "reading text",
    range: { min: 1, max: 2.2, step: 0.05 },
  },
  {
    name: "--container-max",
    label: "Content width",
    kind: "px",
    group: "Spacing and shape",
    usedBy: "the width of every page, and of the home page design band",
    range: { min: 640, max: 1600, step: 20 },
  },
  {
    name: "--radius",
    label: "Corner radius",
    kind: "px",
    group: "Spacing and shape",
    usedBy: "buttons, fields and badges",
    range: { min: 0, max: 24, step: 1 },
  },
  {
    name: "--radius-lg",
    label: "Large corner radius",
    kind: "px",
    group: "Spacing and shape",
    usedBy: "cards and panels",
    range: { min: 0, max: 32, step: 1 },
  },
];

/** Font stacks offered for the font tokens; a theme's own stack is kept as an extra choice. */
export const FONT_STACKS: readonly { label: string; value: string }[] = [
  { label: "Old-style serif", value: '"Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif' },
  { label: "Transitional serif", value: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, serif' },
  {
    label: "System sans-serif",
    value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  { label: "Humanist sans-serif", value: 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", sans-serif' },
  { label: "Monospace", value: 'ui-monospace, "Cascadia Code", "Source Code Pro", Menlo, Consolas, monospace' },
];
