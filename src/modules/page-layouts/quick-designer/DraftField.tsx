import { useId, useState } from "react";

interface DraftFieldProps {
  label: string;
  /** What the document holds now. */
  value: string;
  /** What the document would hold once `draft` is taken, to tell a draft still being typed from one overtaken by an undo. */
  means: (draft: string) => string;
  /** Why the document would refuse `draft`, or undefined when it takes it. */
  fault?: (draft: string) => string | undefined;
  onCommit: (draft: string) => void;
  type?: "text" | "number";
  hint?: string;
}

/**
 * A field over one value of the document. What is typed is kept as typed (a refused colour,
 * "12px" in a number field) and handed on only when the document would take it; a refusal
 * is said in red under the field. When the document changes under it (undo, redo) to
 * something the draft does not mean, the field shows the document again.
 */
export function DraftField({ label, value, means, fault, onCommit, type = "text", hint }: DraftFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (means(draft) !== value) setDraft(value);
  }
  const problem = fault?.(draft);
  const described = [hint && `${id}-hint`, problem && `${id}-fault`].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={draft}
        spellCheck={false}
        autoComplete="off"
        {...(type === "number" ? { min: 0, step: 1, inputMode: "numeric" as const } : {})}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => {
          const next = event.target.value;
          setDraft(next);
          if (fault?.(next) === undefined) onCommit(next);
        }}
      />
      {hint && (
        <p id={`${id}-hint`} className="quick-designer__hint">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-fault`} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}
