import { isTokenFunction, TokenType, type CSSToken } from "@csstools/css-tokenizer";
import type { CssFinding } from "./css-problem";

/**
 * lightningcss parses nested blocks by recursion on the native stack, and overflows it (a
 * crash of the whole process, not an exception) at a few hundred levels of nested @media
 * in a worker thread. Deeper themes are refused before it sees them; real ones nest a
 * handful of levels.
 */
const MAX_NESTING = 64;

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

export interface Blocks {
  findings: CssFinding[];
  /** The lower-cased name of the innermost function around each token, if any. */
  enclosingFunctions: (string | undefined)[];
  /** Nested deeper than lightningcss may be asked to read. */
  tooDeep: boolean;
}

/**
 * Blocks as the syntax pairs them. One left open would be closed by the browser at the end
 * of the file, and rules the editor appends there would end up inside it.
 */
export function walkBlocks(tokens: CSSToken[]): Blocks {
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
