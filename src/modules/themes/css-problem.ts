/**
 * Why a theme's CSS is refused, and where: `line` and `column` are 1-based in the text the
 * owner submitted. Lines end at a line feed, a carriage return (with or without a line
 * feed) or a form feed, as in CSS; a column counts UTF-16 code units, as JavaScript
 * strings and the code editor do.
 */
export interface CssProblem {
  line: number;
  column: number;
  message: string;
}

/** A problem at an offset in the theme's text, before it is told as a line and column. */
export interface CssFinding {
  offset: number;
  message: string;
}

/** The largest theme accepted, in UTF-8 bytes. */
export const THEME_CSS_MAX_BYTES = 256 * 1024;

/**
 * A problem as one sentence for a list under the editor.
 * @example describeProblem({ line: 3, column: 5, message: "expression() is not allowed" }) // "Line 3, column 5: expression() is not allowed"
 */
export function describeProblem(problem: CssProblem): string {
  return `Line ${problem.line}, column ${problem.column}: ${problem.message}`;
}
