import type { CssProblem } from "./css-problem";

/**
 * Finds what is wrong with a theme's CSS (`findCssProblems`), wherever it runs: the site
 * worker hands it to a thread of its own (src/server/css-check-threads.ts), since a large
 * theme takes seconds to check and the worker's thread renders every page.
 */
export type CssCheck = (css: string) => Promise<CssProblem[]>;
