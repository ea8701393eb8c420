import { useId, useRef, useState, type SubmitEvent } from "react";
import { ApiError, apiRequest, readableError } from "@/lib/api-request";
import { codeSchema } from "../factor-schemas";
import { finishSignIn } from "../finish-sign-in";
import type { SecondStepAnswer, SecondStepMethod } from "../sign-in-answers";
import { PasskeyButton } from "./PasskeyButton";
import { usePasskeySignIn } from "./use-passkey-sign-in";

type CodeKind = "totp" | "recovery-code";

// An authenticator's code is six digits, so phones show a number pad; a recovery code has
// letters, so its field takes text.
const KINDS = {
  totp: {
    label: "Authenticator code",
    hint: "Enter the 6-digit code your authenticator app shows.",
    inputMode: "numeric",
    switchTo: "Use a recovery code",
  },
  "recovery-code": {
    label: "Recovery code",
    hint: "Enter one of the recovery codes you saved. Each works once.",
    inputMode: "text",
    switchTo: "Use the authenticator app",
  },
} as const;

/** The error the code field shows, by the schema the endpoint uses. */
function codeError(code: string): string | undefined {
  const result = codeSchema.shape.code.safeParse(code);
  return result.success ? undefined : result.error.issues[0]?.message;
}

interface Props {
  methods: SecondStepMethod[];
  /** The pending step is gone (expired, or too many wrong codes): back to the password, saying why. */
  onSignInAgain: (reason: string) => void;
  onStartOver: () => void;
}

/** Sign-in's second step, after a right password on an account with a second factor. */
export function SecondStep({ methods, onSignInAgain, onStartOver }: Props) {
  const id = useId();
  const kinds = (["totp", "recovery-code"] as const).filter((kind) => methods.includes(kind));
  const [kind, setKind] = useState<CodeKind | undefined>(kinds[0]);
  // The attempt counts failures, so the same error said twice is announced twice.
  const [error, setError] = useState<{ message: string; attempt: number }>();
  const [pending, setPending] = useState(false);
  // Uncontrolled, as the password is: see PasswordStep.
  const field = useRef<HTMLInputElement>(null);
  const passkey = usePasskeySignIn(false, (user) => {
    finishSignIn(user);
  });

  const fail = (message: string) => {
    setError((current) => ({ message, attempt: (current?.attempt ?? 0) + 1 }));
    // A wrong code is typed again from scratch.
    if (field.current) field.current.value = "";
    field.current?.focus();
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const code = field.current?.value ?? "";
    const problem = codeError(code);
    if (problem) {
      fail(problem);
      return;
    }
    setPending(true);
    try {
      const { user, recoveryCodesLeft } = await apiRequest<SecondStepAnswer>("POST", "/api/auth/second-step", {
        code,
      });
      finishSignIn(user, recoveryCodesLeft);
    } catch (failure) {
      setPending(false);
      if (failure instanceof ApiError && failure.code === "sign_in_again") {
        onSignInAgain(readableError(failure, "The sign-in took too long. Enter your password again."));
      } else fail(readableError(failure, "The code could not be checked. Try again."));
    }
  };

  const words = kind && KINDS[kind];
  const other = kinds.find((candidate) => candidate !== kind);
  return (
    <form className="login-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
      <h2 className="login-form__step">One more step</h2>
      {words ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-code`}>{words.label}</label>
            <p id={`${id}-hint`} className="meta login-form__hint">
              {words.hint}
            </p>
            <input
              ref={field}
              id={`${id}-code`}
              name="code"
              type="text"
              inputMode={words.inputMode}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              defaultValue=""
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
              onChange={() => {
                setError(undefined);
              }}
            />
            {error && (
              <p key={error.attempt} id={`${id}-error`} className="field-error" role="alert">
                {error.message}
              </p>
            )}
          </div>
          <button className="button" type="submit" disabled={pending || passkey.waiting === "site"}>
            {pending ? "Verifying..." : "Verify"}
          </button>
          {other && (
            <button
              className="login-form__link"
              type="button"
              onClick={() => {
                setKind(other);
                setError(undefined);
                field.current?.focus();
              }}
            >
              {words.switchTo}
            </button>
          )}
        </>
      ) : (
        <p className="meta">Use your passkey to finish signing in.</p>
      )}
      {methods.includes("passkey") && (
        <PasskeyButton passkey={passkey} label={words ? "Use a passkey instead" : "Use your passkey"} />
      )}
      <button className="login-form__link" type="button" onClick={onStartOver}>
        Start over
      </button>
    </form>
  );
}
