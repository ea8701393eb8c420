/*
 * A theme is served to every visitor, and a rule that matches on what a visitor typed can
 * tell someone else: `input[value$="c"] { background: url(/x?c) }` loads an address per
 * letter, and an anonymous probe of the cache then reads the password back. The rules
 * here refuse every selector that can tell anything of what was typed or chosen in a
 * field, and the font trick that reports each character drawn in one, so that what a
 * stylesheet can see of a visitor is only what the page itself shows.
 */
import {
  isTokenColon,
  isTokenDelim,
  isTokenFunction,
  isTokenIdent,
  isTokenWhiteSpaceOrComment,
  TokenType,
  type CSSToken,
} from "@csstools/css-tokenizer";
import type { CssFinding } from "./css-problem";
import type { Declaration, Prelude } from "./css-rules";

/**
 * Attributes that carry what a visitor typed (React mirrors a field's text into `value`;
 * sliders and spin buttons report theirs in aria-value*): not matched on in any way.
 */
const TYPED_ATTRIBUTES = new Set(["value", "aria-valuenow", "aria-valuetext"]);

/**
 * Attributes that may carry it inside an address or a data field (a listing's links keep
 * the search that was typed): their presence may be tested, their text not.
 */
const ADDRESS_ATTRIBUTES = new Set(["href", "src", "srcset", "action", "formaction", "poster", "data", "cite"]);

/** Pseudo-classes that say whether a field is empty, filled in by the browser, or what its text passes. */
const TYPED_STATES = new Map([
  ["placeholder-shown", "whether a field is empty"],
  ["-moz-placeholder-shown", "whether a field is empty"],
  ["blank", "whether a field is empty"],
  ["autofill", "whether the browser filled a field in"],
  ["-webkit-autofill", "whether the browser filled a field in"],
  ["valid", "what a field's text passes"],
  ["invalid", "what a field's text passes"],
  ["user-valid", "what a field's text passes"],
  ["user-invalid", "what a field's text passes"],
  ["-moz-ui-valid", "what a field's text passes"],
  ["-moz-ui-invalid", "what a field's text passes"],
  ["in-range", "what number a field holds"],
  ["out-of-range", "what number a field holds"],
]);

/** Every spot of the theme that would let it observe what a visitor typed. */
export function inputObservationFindings(preludes: Prelude[], declarations: Declaration[]): CssFinding[] {
  const findings: CssFinding[] = [];
  for (const prelude of preludes) {
    // Only selectors match elements; at-rule preludes (@media, @supports selector()) do not.
    if (prelude.atRule === undefined) findings.push(...selectorFindings(prelude.tokens));
  }
  for (const { name, offset, value } of declarations) {
    if (name.toLowerCase() === "unicode-range") {
      findings.push({
        offset,
        message:
          "unicode-range is not allowed: a font loaded per character would report each character a visitor types",
      });
    }
    findings.push(...attrFunctionFindings(value));
  }
  return findings;
}

function selectorFindings(tokens: CSSToken[]): CssFinding[] {
  const findings: CssFinding[] = [];
  tokens.forEach((token, index) => {
    if (token[0] === TokenType.OpenSquare) {
      const finding = attributeSelectorFinding(tokens, index);
      if (finding) findings.push(finding);
      return;
    }
    if (!isTokenColon(token)) return;
    const previous = tokens[index - 1];
    const name = tokens[index + 1];
    // ::placeholder and other pseudo-elements style a part; they observe nothing.
    if (previous && isTokenColon(previous)) return;
    if (!name || !(isTokenIdent(name) || isTokenFunction(name))) return;
    const what = TYPED_STATES.get(name[4].value.toLowerCase());
    if (what) {
      findings.push({
        offset: token[2],
        message: `:${name[4].value} is not allowed: it tells the stylesheet ${what}, which a visitor typed`,
      });
    }
  });
  return findings;
}

/** `[name]`, `[name=x]`, `[name^=x i]`…: refused by the attribute and whether its text is matched. */
function attributeSelectorFinding(tokens: CSSToken[], open: number): CssFinding | undefined {
  const inside: CSSToken[] = [];
  for (let index = open + 1; index < tokens.length; index++) {
    const token = tokens[index];
    if (!token || token[0] === TokenType.CloseSquare) break;
    if (!isTokenWhiteSpaceOrComment(token)) inside.push(token);
  }
  // A namespace prefix (`*|value`, `svg|href`) comes before the name.
  const bar = inside.findIndex(
    (token, index) => isTokenDelim(token) && token[4].value === "|" && !isEquals(inside[index + 1]),
  );
  const nameToken = inside[bar >= 0 && bar < 2 ? bar + 1 : 0];
  if (!nameToken || !isTokenIdent(nameToken)) return undefined;
  const name = nameToken[4].value.toLowerCase();
  const matchesText = inside.some(isEquals);
  const at = tokens[open]?.[2] ?? 0;
  if (TYPED_ATTRIBUTES.has(name)) {
    return { offset: at, message: `[${name}] is not allowed in a selector: it holds what a visitor types` };
  }
  if (matchesText && (ADDRESS_ATTRIBUTES.has(name) || name.startsWith("data-"))) {
    return {
      offset: at,
      message: `The text of [${name}] may not be matched: it can hold what a visitor typed, such as a search (test only [${name}])`,
    };
  }
  return undefined;
}

function isEquals(token: CSSToken | undefined): boolean {
  return token !== undefined && isTokenDelim(token) && token[4].value === "=";
}

/** attr() of an attribute that holds typed text, which newer browsers let a property read. */
function attrFunctionFindings(value: CSSToken[]): CssFinding[] {
  const findings: CssFinding[] = [];
  value.forEach((token, index) => {
    if (!isTokenFunction(token) || token[4].value.toLowerCase() !== "attr") return;
    const name = value.slice(index + 1).find((next) => !isTokenWhiteSpaceOrComment(next));
    if (!name || !isTokenIdent(name)) return;
    const attribute = name[4].value.toLowerCase();
    if (TYPED_ATTRIBUTES.has(attribute) || ADDRESS_ATTRIBUTES.has(attribute)) {
      findings.push({
        offset: token[2],
        message: `attr(${attribute}) is not allowed: it can hold what a visitor typed`,
      });
    }
  });
  return findings;
}
