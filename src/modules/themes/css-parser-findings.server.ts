import { isTokenAtKeyword, isTokenWhiteSpaceOrComment, type CSSToken } from "@csstools/css-tokenizer";
import { transform } from "lightningcss";
import { addressFault } from "./css-addresses";
import { lastAtMost, type Lines } from "./css-lines";
import type { CssFinding } from "./css-problem";

// lightningcss' own words about these would only repeat that they are refused by name.
const REFUSED_AT_RULE_WARNING = /@(?:import|namespace|-moz-document)\b/i;

/**
 * What lightningcss, a browser-grade parser, could not parse (a rule a browser would drop,
 * so the theme would not do what it says) and the URLs it would load. Its places are moved
 * to the start of the token they fall in, where the other checks report, so one spot gets
 * one problem.
 */
export function parserFindings(css: string, tokens: CSSToken[], lines: Lines): CssFinding[] {
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
