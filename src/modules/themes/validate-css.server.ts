/*
 * A theme is CSS that the site owner writes and every page serves, so it is refused unless
 * a browser would read it as written and it can neither load anything from elsewhere, nor
 * run script, nor end the element it is served in.
 *
 * Two readers look at it. A tokenizer that follows CSS Syntax to the letter gives every
 * token with its place and its name decoded as a browser decodes it, so the checks by name
 * see through escapes and case, in selectors, preludes and custom properties alike.
 * (css-tree's tokenizer would not do: it reads `\75 rl(x)` as a function, where browsers
 * read a url().) Then lightningcss, a browser-grade parser, says what it could not parse,
 * which a browser would drop, and which URLs it would load.
 */
import { ParseErrorMessage, tokenize, TokenType, type ParseError } from "@csstools/css-tokenizer";
import { addressFindings, UNREADABLE_URL } from "./css-addresses";
import { walkBlocks } from "./css-blocks";
import { Lines } from "./css-lines";
import { parserFindings } from "./css-parser-findings.server";
import { THEME_CSS_MAX_BYTES, type CssFinding, type CssProblem } from "./css-problem";
import { nameFindings, scriptSchemeFindings } from "./css-refused-names";
import { readRules } from "./css-rules";
import { customPropertyCycles, customPropertyReferences } from "./custom-property-cycles";
import { DEFAULT_THEME_CSS } from "./default-theme";
import { inputObservationFindings } from "./input-observation";

const TOO_LARGE = `The theme is larger than ${THEME_CSS_MAX_BYTES / 1024} KB`;
const MARKUP = "Markup is not allowed in CSS: in a string, write < as \\3c";

// What an HTML parser would take for a tag, an end tag, a comment or a processing instruction.
const MARKUP_START = /<[a-z/!?]/gi;

const TOKENIZER_MESSAGES: Record<string, string> = {
  [ParseErrorMessage.UnexpectedNewLineInString]: "This string is not closed before the end of its line",
  [ParseErrorMessage.UnexpectedEOFInString]: "This string is never closed",
  [ParseErrorMessage.UnexpectedEOFInComment]: "This comment is never closed: add the missing */",
  [ParseErrorMessage.UnexpectedEOFInURL]: "This url( is never closed: add the missing )",
  [ParseErrorMessage.UnexpectedEOFInEscapedCodePoint]: "The theme ends in the middle of an escape",
  [ParseErrorMessage.UnexpectedCharacterInURL]: UNREADABLE_URL,
  [ParseErrorMessage.InvalidEscapeSequenceInURL]: UNREADABLE_URL,
  [ParseErrorMessage.InvalidEscapeSequenceAfterBackslash]: "A \\ at the end of a line escapes nothing",
};

// Enough to fix a theme by; a pasted page of junk would otherwise answer with tens of thousands.
const MAX_PROBLEMS = 100;

/**
 * Why the theme's CSS cannot be saved: [] when it can. One problem per spot, sorted by line
 * and column, the first 100. A theme over THEME_CSS_MAX_BYTES gets one problem and is not read further.
 * @example findCssProblems("a { background: url(https://example.com/x.png) }") // [{ line: 1, column: 17, message: "url() may only point at …" }]
 */
export function findCssProblems(css: string): CssProblem[] {
  if (Buffer.byteLength(css, "utf8") > THEME_CSS_MAX_BYTES) return [{ line: 1, column: 1, message: TOO_LARGE }];
  const lines = new Lines(css);
  const tokenizerErrors: ParseError[] = [];
  const tokens = tokenize({ css }, { onParseError: (error) => tokenizerErrors.push(error) }).filter(
    (token) => token[0] !== TokenType.EOF,
  );
  const blocks = walkBlocks(tokens);
  const rules = readRules(tokens);
  // From the most to the least telling: where two checks find the same spot, the first speaks.
  const findings = [
    ...markupFindings(css),
    ...scriptSchemeFindings(tokens),
    ...nameFindings(tokens),
    ...addressFindings(tokens, blocks.enclosingFunctions),
    ...inputObservationFindings(rules.preludes, rules.declarations),
    ...customPropertyCycles(rules.declarations, defaultReferences()),
    ...tokenizerErrors.map((error) => ({
      offset: error.sourceStart,
      message: TOKENIZER_MESSAGES[error.message] ?? `This could not be read: ${error.message}`,
    })),
    ...blocks.findings,
    ...(blocks.tooDeep ? [] : parserFindings(css, tokens, lines)),
  ];
  const bySpot = new Map<number, string>();
  for (const { offset, message } of findings) if (!bySpot.has(offset)) bySpot.set(offset, message);
  return [...bySpot]
    .sort(([a], [b]) => a - b)
    .slice(0, MAX_PROBLEMS)
    .map(([offset, message]) => ({ ...lines.positionOf(offset), message }));
}

function markupFindings(css: string): CssFinding[] {
  return [...css.matchAll(MARKUP_START)].map((match) => ({ offset: match.index, message: MARKUP }));
}

let defaults: Map<string, Set<string>> | undefined;

/** What the default theme's custom properties read, which a theme's own may loop back through. */
function defaultReferences(): Map<string, Set<string>> {
  defaults ??= customPropertyReferences(readRules(tokenize({ css: DEFAULT_THEME_CSS })).declarations);
  return defaults;
}
