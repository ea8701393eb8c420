import { useId, useRef, useState, type SubmitEvent } from "react";
import { FieldError } from "@/components/admin/FormControls";
import { apiRequest, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { PASSWORD_MAX, PASSWORD_RULE } from "../password-rule";
import { schemaProblem } from "./schema-problem";
import { fieldProblem, useAccountChange } from "./use-account-change";
import { fieldValue } from "./field-value";

/** A new password, typed twice; every other session ends with the old one. */
export function PasswordCard({ username }: { username: string }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<{ password?: string; repeated?: string }>({});
  const change = useAccountChange({
    send: (password: string) => apiRequest("POST", "/api/account/password", { password }),
    problem: (error) => readableError(error, "The password could not be changed."),
    done: () => {
      form.current?.reset();
      toast({ title: "Password changed", description: "Every other session was signed out." });
    },
    fields: ["password"],
  });
  const shown = { ...problems, password: problems.password ?? fieldProblem(change.error, "password") };

  // The fields are left uncontrolled: a controlled input writes what is typed into its
  // value attribute, where a theme's [value$=…] selectors could read it.
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const password = fieldValue(event.target, "password");
    const repeated = fieldValue(event.target, "repeated");
    const problem = schemaProblem(PASSWORD_RULE, password);
    const found = problem ? { password: problem } : password === repeated ? {} : { repeated: "The two do not match." };
    setProblems(found);
    if (!found.password && !found.repeated) change.mutate(password);
  };
  const field = (name: "password" | "repeated", label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        aria-invalid={shown[name] ? true : undefined}
        aria-describedby={shown[name] ? `${id}-${name}-error` : undefined}
      />
      <FieldError id={`${id}-${name}-error`} message={shown[name]} />
    </div>
  );
  return (
    <section className="card account-section" aria-labelledby="account-password">
      <h2 id="account-password">Password</h2>
      <p>At least 8 characters. Longer is better; a sentence you will remember is best.</p>
      <form className="account-password" ref={form} onSubmit={submit} noValidate>
        {/* Whose password it is, for a password manager to save the new one under. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        {field("password", "New password")}
        {field("repeated", "The new password again")}
        <button className="button account-section__action" type="submit" disabled={change.isPending}>
          {change.isPending ? "Changing..." : "Change password"}
        </button>
      </form>
    </section>
  );
}
