/**
 * The styles a layout element may carry: an allowlist of properties, each with the grammar
 * its values must follow. A saved layout is rendered on public pages and copied out as CSS,
 * so a value is accepted only when it is plainly one of the forms below; anything else
 * (another property smuggled in, a URL, an old IE expression) is refused with a reason.
 */
export const STYLE_PROPERTIES = [
  "fontSize",
  "color",
  "fontWeight",
  "backgroundColor",
  "padding",
  "borderRadius",
  "border",
  "objectFit",
  "cursor",
  "textAlign",
  "lineHeight",
] as const;
export type StyleProperty = (typeof STYLE_PROPERTIES)[number];

/** The longest style value, in characters: the longest real one, `rgba(…)`, is far shorter. */
export const STYLE_VALUE_MAX = 100;

export const isStyleProperty = (name: string): name is StyleProperty =>
  (STYLE_PROPERTIES as readonly string[]).includes(name);

// What could end the declaration, open another rule, load something or leave a <style>
// element, each named so the owner learns what was wrong. Checked before the grammars,
// which would refuse these too, but only as "not a colour".
/* eslint-disable no-control-regex -- finding control characters is what this is for */
const REFUSED: readonly [RegExp, string][] = [
  [/[\u0000-\u001f\u007f-\u009f]/, "Must not contain control characters"],
  [/url\s*\(/i, "Must not load a URL"],
  [/expression/i, "Must not contain an expression"],
  [/!/, "Must not use !important"],
  [/[;{}]/, "Must not end the declaration or the rule"],
  [/[<>]/, "Must not contain markup"],
  [/\\/, "Must not contain escapes"],
  [/\/\*/, "Must not contain comments"],
];
/* eslint-enable no-control-regex */

const NUMBER = String.raw`(?:\d{1,4}(?:\.\d{1,3})?|\.\d{1,3})`;
const LENGTH = String.raw`(?:0|${NUMBER}(?:px|rem|em|%))`;
const CHANNEL = String.raw`-?(?:\d{1,3}(?:\.\d{1,4})?|\.\d{1,4})%?`;

const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`, "i");

const LENGTH_VALUE = whole(LENGTH);
const LENGTHS_VALUE = whole(String.raw`${LENGTH}(?: +${LENGTH}){0,3}`);
const LINE_HEIGHT = whole(`normal|${NUMBER}|${LENGTH}`);
const HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION_COLOUR = whole(
  String.raw`(?:rgba?|hsla?)\( *${CHANNEL}(?: *, *${CHANNEL}){2,3} *\)|(?:rgba?|hsla?)\( *${CHANNEL}(?: +${CHANNEL}){2}(?: *\/ *${CHANNEL})? *\)`,
);
const NAMED_COLOURS = new Set(
  "transparent currentcolor black white gray grey silver red maroon orange yellow olive green lime teal aqua cyan blue navy purple fuchsia magenta pink brown".split(
    " ",
  ),
);
const BORDER = whole(String.raw`(0|${NUMBER}(?:px|rem|em)) +(?:solid|dashed|dotted|double)(?: +(.+))?`);

const isColour = (value: string): boolean =>
  HEX_COLOUR.test(value) || FUNCTION_COLOUR.test(value) || NAMED_COLOURS.has(value.toLowerCase());

function isBorder(value: string): boolean {
  if (/^(?:none|0)$/i.test(value)) return true;
  const match = BORDER.exec(value);
  const colour = match?.[2];
  return match !== null && (colour === undefined || isColour(colour));
}

const keywords = (...words: string[]) => whole(words.join("|"));
const matches = (pattern: RegExp) => (value: string) => pattern.test(value);

const GRAMMARS: Record<StyleProperty, { accepts: (value: string) => boolean; expected: string }> = {
  fontSize: { accepts: matches(LENGTH_VALUE), expected: "a length such as 16px, 1.5rem or 120%" },
  color: { accepts: isColour, expected: "a colour such as #333333, rgb(51 51 51) or transparent" },
  backgroundColor: { accepts: isColour, expected: "a colour such as #667eea, rgba(0, 0, 0, 0.5) or transparent" },
  fontWeight: { accepts: matches(keywords("normal", "bold", "[1-9]00")), expected: "normal, bold or 100 to 900" },
  padding: { accepts: matches(LENGTHS_VALUE), expected: "one to four lengths such as 10px or 12px 24px" },
  borderRadius: { accepts: matches(LENGTHS_VALUE), expected: "one to four lengths such as 4px or 50%" },
  border: { accepts: isBorder, expected: "none or a border such as 1px solid #cccccc" },
  objectFit: {
    accepts: matches(keywords("cover", "contain", "fill", "none", "scale-down")),
    expected: "cover, contain, fill, none or scale-down",
  },
  cursor: {
    accepts: matches(keywords("default", "pointer", "text", "move")),
    expected: "default, pointer, text or move",
  },
  textAlign: {
    accepts: matches(keywords("left", "center", "right", "justify")),
    expected: "left, center, right or justify",
  },
  lineHeight: { accepts: matches(LINE_HEIGHT), expected: "a number such as 1.5, a length or normal" },
};

/**
 * Why `value` is not acceptable for `property`, or undefined when it is.
 * @example styleFault("color", "red; background: url(x)") // "Must not load a URL"
 */
export function styleFault(property: StyleProperty, value: string): string | undefined {
  if (value.length > STYLE_VALUE_MAX) return `At most ${STYLE_VALUE_MAX} characters`;
  if (value.trim() === "") return "Must not be empty";
  const refused = REFUSED.find(([pattern]) => pattern.test(value));
  if (refused) return refused[1];
  const grammar = GRAMMARS[property];
  return grammar.accepts(value.trim()) ? undefined : `Must be ${grammar.expected}`;
}
