import { isTokenAtKeyword, isTokenColon, isTokenIdent, TokenType, type CSSToken } from "@csstools/css-tokenizer";

/** A property (or descriptor) and the tokens of its value, as written in a block. */
export interface Declaration {
  /** As decoded from its escapes; custom property names keep their case, as CSS compares them. */
  name: string;
  /** Where the name starts in the text. */
  offset: number;
  value: CSSToken[];
}

/** What stands before a block: a selector, or an at-rule's name and prelude. */
export interface Prelude {
  /** The at-rule's name in lower case (`media`, `font-face`), or undefined for a selector. */
  atRule: string | undefined;
  tokens: CSSToken[];
}

export interface Rules {
  declarations: Declaration[];
  preludes: Prelude[];
}

const OPENERS = new Set([TokenType.Function, TokenType.OpenParen, TokenType.OpenSquare, TokenType.OpenCurly]);
const CLOSERS = new Set([TokenType.CloseParen, TokenType.CloseSquare, TokenType.CloseCurly]);

/**
 * The declarations and preludes of a stylesheet's tokens, nested rules included, found the
 * way CSS Syntax splits a block: a part that reaches `{` is a prelude, one that ends at `;`
 * or `}` a declaration. A custom property's value may itself hold `{}`, so a part that
 * starts `--name:` runs to the `;` or `}` around it. Unbalanced text is read as far as it
 * goes; the validator refuses it on its own.
 * @example readRules(tokenize({ css: "a:hover { --x: 1px }" })) // { preludes: [a:hover], declarations: [--x] }
 */
export function readRules(tokens: CSSToken[]): Rules {
  const rules: Rules = { declarations: [], preludes: [] };
  let part: CSSToken[] = [];
  let nesting = 0;
  for (const token of tokens) {
    const type = token[0];
    if (nesting === 0) {
      if (type === TokenType.OpenCurly && !isCustomDeclaration(part)) {
        rules.preludes.push(preludeOf(part));
        part = [];
        continue;
      }
      if (type === TokenType.Semicolon || type === TokenType.CloseCurly) {
        const declaration = declarationOf(part);
        if (declaration) rules.declarations.push(declaration);
        part = [];
        continue;
      }
    }
    if (OPENERS.has(type)) nesting += 1;
    else if (CLOSERS.has(type)) nesting = Math.max(0, nesting - 1);
    if (part.length > 0 || !isBlank(token)) part.push(token);
  }
  const last = declarationOf(part);
  if (last) rules.declarations.push(last);
  return rules;
}

const isBlank = (token: CSSToken): boolean =>
  token[0] === TokenType.Whitespace || token[0] === TokenType.Comment || token[0] === TokenType.EOF;

const significant = (part: CSSToken[]): CSSToken[] => part.filter((token) => !isBlank(token));

function isCustomDeclaration(part: CSSToken[]): boolean {
  const [name, colon] = significant(part);
  return (
    name !== undefined &&
    isTokenIdent(name) &&
    name[4].value.startsWith("--") &&
    colon !== undefined &&
    isTokenColon(colon)
  );
}

function declarationOf(part: CSSToken[]): Declaration | undefined {
  const [name, colon] = significant(part);
  if (name === undefined || !isTokenIdent(name) || colon === undefined || !isTokenColon(colon)) return undefined;
  return { name: name[4].value, offset: name[2], value: part.slice(part.indexOf(colon) + 1) };
}

function preludeOf(part: CSSToken[]): Prelude {
  const [first] = part;
  if (first !== undefined && isTokenAtKeyword(first)) {
    return { atRule: first[4].value.toLowerCase(), tokens: part.slice(1) };
  }
  return { atRule: undefined, tokens: part };
}
