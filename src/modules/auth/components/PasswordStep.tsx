import { useId, useRef, useState, type SubmitEvent } from "react";
import { apiRequest, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { finishSignIn } from "../finish-sign-in";
import { loginSchema } from "../schema";
import type { LoginAnswer, SecondStepMethod } from "../sign-in-answers";
import { PasskeyButton } from "./PasskeyButton";
import { usePasskeySignIn } from "./use-passkey-sign-in";

type Field = "username" | "password";

/** The error a field shows, by the same schema the endpoint uses (SPEC §5). */
function fieldError(field: Field, value: string): string | undefined {
  const result = loginSchema.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

interface Props {
  /** Why the form is shown again (the second step expired), said above it. */
  notice?: string;
  /** Put the cursor in the username field: the person came back to this step. */
  focusFirst: boolean;
  onSecondStep: (methods: SecondStepMethod[]) => void;
}

/**
 * Sign-in's first step (SPEC §2, §4): a name and password, checked on blur, or a passkey,
 * by its button or from the username field's autofill.
 */
export function PasswordStep({ notice, focusFirst, onSecondStep }: Props) {
  const id = useId();
  // Kept out of React's state on purpose: a controlled input mirrors every key typed into
  // its value attribute, where any stylesheet's [value$=…] selectors can read it.
  const values = useRef<Record<Field, string>>({ username: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);
  const passkey = usePasskeySignIn(true, (user) => {
    finishSignIn(user);
  });

  const check = (field: Field) => {
    setErrors((current) => ({ ...current, [field]: fieldError(field, values.current[field]) }));
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const found = {
      username: fieldError("username", values.current.username),
      password: fieldError("password", values.current.password),
    };
    setErrors(found);
    if (found.username || found.password) return;
    setPending(true);
    try {
      const answer = await apiRequest<LoginAnswer>("POST", "/api/auth/login", values.current);
      if ("secondStep" in answer) onSecondStep(answer.secondStep.methods);
      else finishSignIn(answer.user);
    } catch (error) {
      toast({
        title: "Login failed",
        description: readableError(error, "Invalid credentials"),
        variant: "destructive",
      });
      setPending(false);
    }
  };

  const input = (field: Field, label: string, type: string, autoComplete: string, autoFocus = false) => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        name={field}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue=""
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        onChange={(event) => {
          const value = event.target.value;
          values.current = { ...values.current, [field]: value };
          // A shown error goes as soon as it is fixed, not on blur: else the form would
          // shift under the pointer as the Sign In button is pressed.
          if (errors[field]) setErrors((current) => ({ ...current, [field]: fieldError(field, value) }));
        }}
        onBlur={() => {
          check(field);
        }}
      />
      {errors[field] && (
        <p id={`${id}-${field}-error`} className="field-error" role="alert">
          {errors[field]}
        </p>
      )}
    </div>
  );

  return (
    // POST, so a submit before the island hydrates (or without JavaScript) never puts the
    // password in the address bar, history or logs.
    <form className="login-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
      {notice && (
        <p className="login-form__notice" role="alert">
          {notice}
        </p>
      )}
      {/* "webauthn" lets the browser offer this site's passkeys among the field's suggestions. */}
      {input("username", "Username", "text", "username webauthn", focusFirst)}
      {input("password", "Password", "password", "current-password")}
      <button className="button" type="submit" disabled={pending || passkey.waiting === "site"}>
        {pending ? "Signing in..." : "Sign In"}
      </button>
      {passkey.supported && <p className="login-form__or">or</p>}
      <PasskeyButton passkey={passkey} label="Sign in with a passkey" />
    </form>
  );
}
