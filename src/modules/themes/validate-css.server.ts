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
import {
  isTokenAtKeyword,
  isTokenBadURL,
  isTokenColon,
  isTokenComment,
  isTokenDelim,
  isTokenDimension,
  isTokenFunction,
  isTokenHash,
  isTokenIdent,
  isTokenString,
  isTokenURL,
  isTokenWhiteSpaceOrComment,
  ParseErrorMessage,
  tokenize,
  TokenType,
  type CSSToken,
  type ParseError,
} from "@csstools/css-tokenizer";
import { transform } from "lightningcss";
import { siteAreaOf } from "@/lib/routed-path";
import { THEME_CSS_MAX_BYTES, type CssFinding, type CssProblem } from "./css-problem";
import { readRules } from "./css-rules";
import { customPropertyCycles, customPropertyReferences } from "./custom-property-cycles";
import { DEFAULT_THEME_CSS } from "./default-theme";
import { inputObservationFindings } from "./input-observation";

/**
 * lightningcss parses nested blocks by recursion on the native stack, and overflows it (a
 * crash of the whole process, not an exception) at a few hundred levels of nested @media
 * in a worker thread. Deeper themes are refused before it sees them; real ones nest a
 * handful of levels.
 */
const MAX_NESTING = 64;

const TOO_LARGE = `The theme is larger than ${THEME_CSS_MAX_BYTES / 1024} KB`;
const MARKUP = "Markup is not allowed in CSS: in a string, write < as \\3c";
const BAD_URL = "url() may only point at this site's own files (a path starting with /) or a data:image URI";
// An address a selector chooses could report what it matched; a file needs no query.
const QUERY_URL = "url() may not carry a query string (?): a theme's addresses are files";
const UNREADABLE_URL = "This url() could not be read: put the address in quotes";
// The API answers calls, some of which write, and every page would make its readers' browsers call it.
const SITE_AREA_URL = "url() may not point at the site's API or admin pages: a theme's addresses are files";

// What an HTML parser would take for a tag, an end tag, a comment or a processing instruction.
const MARKUP_START = /<[a-z/!?]/gi;
const SCRIPT_SCHEME = /(?:java|vb)script:/gi;
const NEWLINE = /\r\n|[\n\r\f]/g;

const AT_RULES = new Map([
  ["import", "@import is not allowed: a theme cannot load other stylesheets"],
  ["namespace", "@namespace is not allowed in a theme"],
  ["-moz-document", "@-moz-document is not allowed in a theme"],
]);
// lightningcss' own words about these would only repeat that they are refused.
const REFUSED_AT_RULE_WARNING = /@(?:import|namespace|-moz-document)\b/i;

// Properties with which old browsers ran script.
const SCRIPT_PROPERTIES = new Set(["behavior", "-ms-behavior", "-moz-binding"]);

// Functions whose quoted strings are addresses a browser loads (src() is refused outright).
const ADDRESS_FUNCTIONS = new Set(["url", "image", "image-set", "-webkit-image-set"]);
// Inside these, any other function (var(), attr(), if()) could become an address no check saw.
const IMAGE_CHOICES = new Set(["image", "image-set", "-webkit-image-set"]);

const BLOCK_ENDS = new Map<TokenType, { closer: TokenType; text: string }>([
  [TokenType.Function, { closer: TokenType.CloseParen, text: ")" }],
  [TokenType.OpenParen, { closer: TokenType.CloseParen, text: ")" }],
  [TokenType.OpenSquare, { closer: TokenType.CloseSquare, text: "]" }],
  [TokenType.OpenCurly, { closer: TokenType.CloseCurly, text: "}" }],
]);
const BLOCK_STARTS = new Map<TokenType, string>([
  [TokenType.CloseParen, "("],
  [TokenType.CloseSquare, "["],
  [TokenType.CloseCurly, "{"],
]);

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

/**
 * `javascript:` and `vbscript:` outside comments. The tokens' decoded text is joined without
 * the comments and control characters, so that no escape, comment, tab or line break inside
 * the word hides it: the URL parser drops tabs and line breaks, and old browsers dropped
 * comments. Each is reported at the token where it begins.
 */
function scriptSchemeFindings(tokens: CSSToken[]): CssFinding[] {
  let text = "";
  const owners: number[] = [];
  for (const token of tokens) {
    if (isTokenComment(token)) continue;
    const piece = decodedText(token).replace(/\p{Cc}/gu, "");
    text += piece;
    for (let index = 0; index < piece.length; index++) owners.push(token[2]);
  }
  const findings: CssFinding[] = [];
  for (const match of text.matchAll(SCRIPT_SCHEME)) {
    const offset = owners[match.index];
    if (offset !== undefined) findings.push({ offset, message: `${match[0].toLowerCase()} URLs are not allowed` });
  }
  return findings;
}

function decodedText(token: CSSToken): string {
  if (
    isTokenIdent(token) ||
    isTokenFunction(token) ||
    isTokenAtKeyword(token) ||
    isTokenHash(token) ||
    isTokenString(token) ||
    isTokenURL(token) ||
    isTokenDelim(token)
  ) {
    return token[4].value;
  }
  return isTokenDimension(token) ? token[4].unit : token[1];
}

/** At-rules, functions and properties refused by name, wherever they stand. */
function nameFindings(tokens: CSSToken[]): CssFinding[] {
  const findings: CssFinding[] = [];
  tokens.forEach((token, index) => {
    let message: string | undefined;
    if (isTokenAtKeyword(token)) message = AT_RULES.get(token[4].value.toLowerCase());
    else if (isTokenFunction(token)) message = functionFault(token[4].value.toLowerCase());
    else if (isTokenIdent(token)) {
      const name = token[4].value.toLowerCase();
      if (SCRIPT_PROPERTIES.has(name) && isTokenColon(nextSignificant(tokens, index))) {
        message = `The ${name} property is not allowed: it can run scripts`;
      }
    }
    if (message !== undefined) findings.push({ offset: token[2], message });
  });
  return findings;
}

function functionFault(name: string): string | undefined {
  if (name === "expression") return "expression() is not allowed";
  if (name === "src") return "src() is not allowed: use url() with a path on this site";
  // Only url() itself is checked as an address; a prefixed or invented *url() is not read.
  if (name.endsWith("url") && name !== "url") return `${name}() is not allowed`;
  return undefined;
}

function nextSignificant(tokens: CSSToken[], index: number): CSSToken | undefined {
  for (let next = index + 1; next < tokens.length; next++) {
    const token = tokens[next];
    if (!isTokenWhiteSpaceOrComment(token)) return token;
  }
  return undefined;
}

/** Every address a browser would load: url()s anywhere, and the strings of url("…") and image-set(). */
function addressFindings(tokens: CSSToken[], enclosingFunctions: (string | undefined)[]): CssFinding[] {
  const findings: CssFinding[] = [];
  tokens.forEach((token, index) => {
    const enclosing = enclosingFunctions[index];
    // The tokenizer reports no error for a space inside an unquoted url(), only a bad token.
    if (isTokenBadURL(token)) findings.push({ offset: token[2], message: UNREADABLE_URL });
    else if (
      isTokenURL(token) ||
      (isTokenString(token) && enclosing !== undefined && ADDRESS_FUNCTIONS.has(enclosing))
    ) {
      const fault = addressFault(token[4].value);
      if (fault) findings.push({ offset: token[2], message: fault });
    } else if (isTokenFunction(token) && enclosing !== undefined && IMAGE_CHOICES.has(enclosing)) {
      const name = token[4].value.toLowerCase();
      if (name !== "url" && name !== "type" && !name.endsWith("gradient")) {
        findings.push({
          offset: token[2],
          message: `${name}() cannot be used in ${enclosing}(): write each address as url()`,
        });
      }
    }
  });
  return findings;
}

/**
 * Why an address may not stand in a theme, if it may not: only a path on this site without
 * a query, a fragment of the page, or an image written out as a data: URI; and the path
 * read as the browser resolves it and the server routes it (`siteAreaOf`), so neither
 * `/.//api/…` nor `/%2561pi/…` reaches the API or the admin pages.
 */
function addressFault(address: string): string | undefined {
  // As the URL parser reads it: tabs and line breaks are dropped anywhere, controls and
  // spaces at either end, and a \ after the first / makes it a host (`/\evil.example`).
  const url = address.replace(/[\t\n\r]/g, "").replace(/^[\p{Cc} ]+|[\p{Cc} ]+$/gu, "");
  if (url.startsWith("#") || /^data:image\//i.test(url)) return undefined;
  if (!/^\/(?![/\\])/.test(url)) return BAD_URL;
  if (url.split("#")[0]?.includes("?")) return QUERY_URL;
  return siteAreaOf(url) === null ? undefined : SITE_AREA_URL;
}

let defaults: Map<string, Set<string>> | undefined;

/** What the default theme's custom properties read, which a theme's own may loop back through. */
function defaultReferences(): Map<string, Set<string>> {
  defaults ??= customPropertyReferences(readRules(tokenize({ css: DEFAULT_THEME_CSS })).declarations);
  return defaults;
}

interface Blocks {
  findings: CssFinding[];
  /** The lower-cased name of the innermost function around each token, if any. */
  enclosingFunctions: (string | undefined)[];
  tooDeep: boolean;
}

/**
 * Blocks as the syntax pairs them. One left open would be closed by the browser at the end
 * of the file, and rules the editor appends there would end up inside it.
 */
function walkBlocks(tokens: CSSToken[]): Blocks {
  const open: { token: CSSToken; closer: TokenType; text: string }[] = [];
  const functions: string[] = [];
  const blocks: Blocks = { findings: [], enclosingFunctions: [], tooDeep: false };
  for (const token of tokens) {
    blocks.enclosingFunctions.push(functions.at(-1));
    const end = BLOCK_ENDS.get(token[0]);
    if (end !== undefined) {
      if (open.length === MAX_NESTING && !blocks.tooDeep) {
        blocks.tooDeep = true;
        blocks.findings.push({ offset: token[2], message: `This is nested more than ${MAX_NESTING} levels deep` });
      }
      open.push({ token, ...end });
      if (isTokenFunction(token)) functions.push(token[4].value.toLowerCase());
      continue;
    }
    const start = BLOCK_STARTS.get(token[0]);
    if (start === undefined) continue;
    const innermost = open.at(-1);
    if (innermost?.closer !== token[0]) {
      blocks.findings.push({ offset: token[2], message: `This ${token[1]} has no matching ${start}` });
      continue;
    }
    open.pop();
    if (isTokenFunction(innermost.token)) functions.pop();
  }
  for (const { token, text } of open) {
    blocks.findings.push({ offset: token[2], message: `This ${token[1]} is never closed: add the missing ${text}` });
  }
  return blocks;
}

/**
 * What lightningcss could not parse (a rule a browser would drop, so the theme would not
 * do what it says) and the URLs it would load. Its places are moved to the start of the
 * token they fall in, where the other checks report, so one spot gets one problem.
 */
function parserFindings(css: string, tokens: CSSToken[], lines: Lines): CssFinding[] {
  const { warnings, dependencies } = transform({
    filename: "theme.css",
    code: Buffer.from(css),
    analyzeDependencies: true,
    errorRecovery: true,
  });
  const significant = tokens.filter((token) => !isTokenWhiteSpaceOrComment(token));
  const findings: CssFinding[] = [];
  // Its columns, like its lines, are 1-based, whatever its typings say.
  for (const dependency of dependencies ?? []) {
    // An @import is refused by name, wherever it stands.
    if (dependency.type !== "url") continue;
    const fault = addressFault(dependency.url);
    if (fault === undefined) continue;
    const offset = lines.offsetOf(dependency.loc.start.line, dependency.loc.start.column);
    findings.push({ offset: tokenAt(significant, offset)?.[2] ?? offset, message: fault });
  }
  for (const { message, loc } of warnings) {
    if (REFUSED_AT_RULE_WARNING.test(message)) continue;
    const offset = lines.offsetOf(loc.line, loc.column);
    // It places an unknown at-rule after its prelude; the name is where to look.
    const unknownAtRule = message.startsWith("Unknown at rule");
    const token = tokenAt(significant, offset, unknownAtRule ? isTokenAtKeyword : undefined);
    findings.push({ offset: token?.[2] ?? offset, message: readableWarning(message, token, unknownAtRule) });
  }
  return findings;
}

/** The last of the tokens (in order) that starts at or before `offset` and is `wanted`. */
function tokenAt(
  tokens: CSSToken[],
  offset: number,
  wanted: (token: CSSToken) => boolean = () => true,
): CSSToken | undefined {
  for (let index = lastAtMost(tokens, offset, (token) => token[2]); index >= 0; index--) {
    const token = tokens[index];
    if (token && wanted(token)) return token;
  }
  return undefined;
}

// lightningcss' messages name its own token types (`Unexpected token BadUrl("…")`): quote the text instead.
function readableWarning(message: string, token: CSSToken | undefined, unknownAtRule: boolean): string {
  if (token && unknownAtRule) return `${token[1]} is not an at-rule browsers know`;
  if (token && message.startsWith("Unexpected token")) {
    return `This rule could not be read: unexpected ${quote(token[1])}`;
  }
  if (message === "Unexpected end of input") return "This rule could not be read: it ends too early";
  return `This rule could not be read: ${message}`;
}

function quote(text: string): string {
  const short = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return text.includes('"') ? `'${short}'` : `"${short}"`;
}

/** The index of the last item whose key is at most `key` (the items sorted by key), or -1. */
function lastAtMost<T>(items: readonly T[], key: number, keyOf: (item: T) => number): number {
  let low = -1;
  let high = items.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const item = items[middle];
    if (item !== undefined && keyOf(item) <= key) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Offsets in the text, to and from 1-based lines and columns, with lines ended as CSS ends them. */
class Lines {
  private readonly starts = [0];

  constructor(css: string) {
    for (const match of css.matchAll(NEWLINE)) this.starts.push(match.index + match[0].length);
  }

  offsetOf(line: number, column: number): number {
    return (this.starts[line - 1] ?? 0) + column - 1;
  }

  positionOf(offset: number): { line: number; column: number } {
    const index = lastAtMost(this.starts, offset, (start) => start);
    return { line: index + 1, column: offset - (this.starts[index] ?? 0) + 1 };
  }
}
