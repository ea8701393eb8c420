import { lazy, Suspense, useId, useState } from "react";
import { TabList } from "@/components/admin/TabList";
import { describeProblem, type CssProblem } from "../css-problem";
import { DEFAULT_THEME_CSS } from "../default-theme";
import type { DraftAction } from "../theme-document";
import VisualEditor from "./VisualEditor";

// CodeMirror is most of the editor's weight: it loads when the Code Editor is first opened.
const CssCodeEditor = lazy(() => import("./CssCodeEditor"));

type Tab = "visual" | "code";
const TABS: { id: Tab; label: string }[] = [
  { id: "visual", label: "Visual Editor" },
  { id: "code", label: "Code Editor" },
];

interface Props {
  css: string;
  /** The validator's verdicts on `css`, or null until it has given them. */
  problems: readonly CssProblem[] | null;
  dispatch: (action: DraftAction) => void;
}

/** The draft in two tabs, as tokens and rules or as code, with the validator's problems below. */
export default function ThemeEditingPane({ css, problems, dispatch }: Props) {
  const id = useId();
  const [tab, setTab] = useState<Tab>("visual");
  // Once opened, the code editor stays mounted (hidden), so switching back is instant.
  const [codeOpened, setCodeOpened] = useState(false);
  const selectTab = (next: Tab) => {
    setTab(next);
    if (next === "code") setCodeOpened(true);
  };
  return (
    <section className="css-editor__pane" aria-label="Theme">
      <TabList className="tabs" idPrefix={id} label="Editor" tabs={TABS} current={tab} onSelect={selectTab} />
      <div id={`${id}-panel-visual`} role="tabpanel" aria-labelledby={`${id}-tab-visual`} hidden={tab !== "visual"}>
        <VisualEditor
          css={css}
          defaultCss={DEFAULT_THEME_CSS}
          onToken={(tokenName, value) => {
            dispatch({ type: "tokenSet", name: tokenName, value, at: Date.now() });
          }}
          onRule={(rule) => {
            dispatch({ type: "ruleAdded", rule });
          }}
        />
        <details className="generated-css">
          <summary>Generated CSS</summary>
          <pre tabIndex={0}>
            <code>{css}</code>
          </pre>
        </details>
      </div>
      <div id={`${id}-panel-code`} role="tabpanel" aria-labelledby={`${id}-tab-code`} hidden={tab !== "code"}>
        {codeOpened && (
          <Suspense fallback={<p className="css-editor__loading">Loading...</p>}>
            <CssCodeEditor
              value={css}
              problems={problems ?? []}
              label="Theme CSS"
              onChange={(next) => {
                dispatch({ type: "edited", css: next, at: Date.now() });
              }}
              onUndo={() => {
                dispatch({ type: "undo" });
              }}
              onRedo={() => {
                dispatch({ type: "redo" });
              }}
            />
          </Suspense>
        )}
      </div>
      {problems && problems.length > 0 && (
        <ul className="css-problems" aria-label="Problems">
          {problems.map((problem) => (
            <li key={`${problem.line}:${problem.column}:${problem.message}`}>{describeProblem(problem)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
