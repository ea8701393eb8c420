import { useId, useState, type SubmitEvent } from "react";
import { FieldError } from "@/components/admin/FormControls";
import { passkeyName } from "../factor-schemas";
import { schemaProblem } from "./schema-problem";
import { fieldValue } from "./field-value";

/** A passkey's name, typed (a new one's, or a new name for one): checked, then handed to `onSave`. */
export function PasskeyNameForm({
  initial,
  saveLabel,
  pending,
  serverProblem,
  onSave,
  onCancel,
}: {
  initial: string;
  saveLabel: string;
  pending: boolean;
  /** What the server said of the name last sent. */
  serverProblem: string | undefined;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const shown = problem ?? serverProblem;
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const name = fieldValue(event.target, "name").trim();
    const found = schemaProblem(passkeyName, name);
    setProblem(found);
    if (!found) onSave(name);
  };
  return (
    <form className="account-name-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name of the passkey</label>
        <input
          id={`${id}-name`}
          name="name"
          defaultValue={initial}
          autoComplete="off"
          // The form opens when the owner asks for it: the name is what they type next.
          autoFocus
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-name-error` : undefined}
        />
        <FieldError id={`${id}-name-error`} message={shown} />
      </div>
      <div className="form-actions">
        <button className="button" type="submit" disabled={pending}>
          {pending ? "Saving..." : saveLabel}
        </button>
        <button className="button button--quiet" type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
