import {
  isTokenAtKeyword,
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
  type CSSToken,
} from "@csstools/css-tokenizer";
import type { CssFinding } from "./css-problem";

const SCRIPT_SCHEME = /(?:java|vb)script:/gi;

const AT_RULES = new Map([
  ["import", "@import is not allowed: a theme cannot load other stylesheets"],
  ["namespace", "@namespace is not allowed in a theme"],
  ["-moz-document", "@-moz-document is not allowed in a theme"],
]);

// Properties with which old browsers ran script.
const SCRIPT_PROPERTIES = new Set(["behavior", "-ms-behavior", "-moz-binding"]);

/** At-rules, functions and properties refused by name, wherever they stand. */
export function nameFindings(tokens: CSSToken[]): CssFinding[] {
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

/**
 * `javascript:` and `vbscript:` outside comments. The tokens' decoded text is joined without
 * the comments and control characters, so that no escape, comment, tab or line break inside
 * the word hides it: the URL parser drops tabs and line breaks, and old browsers dropped
 * comments. Each is reported at the token where it begins.
 */
export function scriptSchemeFindings(tokens: CSSToken[]): CssFinding[] {
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
