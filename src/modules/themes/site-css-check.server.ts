import { processValue } from "@/lib/process-value";
import type { CssCheck } from "./css-check";
import type { CssProblem } from "./css-problem";

// Here, in this thread, unless the site worker hands the check to a thread of its own, as
// the site does: then its worker never loads the checker, nor lightningcss, a native module
// held in memory from its first load.
const held = processValue<CssCheck>(
  import.meta.hot,
  "cssCheck",
  () => async (css) => (await import("./validate-css.server")).findCssProblems(css),
);

/** What is wrong with a theme's CSS, wherever this process checks it. */
export const checkCss = (css: string): Promise<CssProblem[]> => held.get()(css);

/** Check CSS with `check` from now on (the site worker's thread). */
export const useCssCheck = (check: CssCheck): void => {
  held.set(check);
};
