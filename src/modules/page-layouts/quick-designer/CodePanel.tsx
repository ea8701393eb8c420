import { useId } from "react";
import { toast } from "@/lib/toast";
import type { GeneratedCode } from "../generate-code";
import { codeToCopy } from "./quick-designer";

interface CodePanelProps {
  id: string;
  hidden: boolean;
  code: GeneratedCode;
  /** Notices end with this signal: once the designer has closed, they are stale. */
  scope?: AbortSignal;
  onSave?: () => void;
}

/** Put `text` on the clipboard; rejects where there is no clipboard (a page not served over https) or it refuses. */
async function copyText(text: string): Promise<void> {
  // The type says the clipboard is always there; outside a secure context it is not.
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) throw new Error("No clipboard");
  await clipboard.writeText(text);
}

/** The Code view: the generated HTML and CSS side by side, Copy All, and Save Design when the owner can save. */
export function CodePanel({ id, hidden, code, scope, onSave }: CodePanelProps) {
  const heading = useId();
  const copyAll = () => {
    copyText(codeToCopy(code)).then(
      () => {
        toast({ title: "Copied", description: "The HTML and CSS are on the clipboard.", scope });
      },
      () => {
        toast({
          title: "Error",
          description: "The clipboard refused the code. Select it and copy it by hand.",
          variant: "destructive",
          scope,
        });
      },
    );
  };
  return (
    <section id={id} className="quick-designer__code" aria-labelledby={heading} hidden={hidden}>
      <div className="quick-designer__code-bar">
        <h3 id={heading}>Generated code</h3>
        <div className="quick-designer__row">
          <button className="button button--quiet" type="button" onClick={copyAll}>
            Copy All
          </button>
          {onSave && (
            <button className="button" type="button" onClick={onSave}>
              Save Design
            </button>
          )}
        </div>
      </div>
      <div className="quick-designer__code-columns">
        {(
          [
            ["HTML", code.html],
            ["CSS", code.css],
          ] as const
        ).map(([language, text]) => (
          <div key={language} className="quick-designer__code-block">
            <h4>{language}</h4>
            {/* Focusable, so a keyboard can scroll a long stylesheet. */}
            <pre tabIndex={0} data-code={language.toLowerCase()}>
              <code>{text}</code>
            </pre>
          </div>
        ))}
      </div>
    </section>
  );
}
