import { useEffect, useState } from "react";
import { apiRequest } from "@/lib/api-request";
import type { CssProblem } from "./css-problem";

// Typing is checked once it pauses, not on every keystroke.
const LINT_DELAY_MS = 350;

/**
 * The validator's verdicts on `css`, asked of the server that will judge the save, so the
 * editor and the save never disagree. Verdicts on text that has since changed are dropped;
 * until the new ones come, the last ones stand.
 */
export function useCssProblems(css: string): { problems: readonly CssProblem[]; checked: boolean } {
  const [verdict, setVerdict] = useState<{ css: string; problems: CssProblem[] } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      apiRequest<{ problems: CssProblem[] }>("POST", "/api/css/validate", { cssContent: css }, controller.signal).then(
        ({ problems }) => {
          setVerdict({ css, problems });
        },
        () => undefined,
      );
    }, LINT_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [css]);
  return { problems: verdict?.problems ?? [], checked: verdict?.css === css };
}
