import { useEffect, useId, useRef, type SubmitEvent } from "react";
import { FieldError } from "@/components/admin/FormControls";
import { apiRequest, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { fieldProblem, useAccountChange } from "./use-account-change";
import { fieldValue } from "./field-value";

/** A new, unconfirmed secret (POST /api/account/totp). */
export interface NewSecret {
  /** Base32, in groups of four separated by spaces, for typing into an app. */
  secret: string;
  /** The otpauth:// address the QR code holds. */
  uri: string;
  /** The QR code, an SVG document. */
  qr: string;
}

/**
 * Setting up the app: the QR code to scan (or the key to type), then the first code it
 * shows, which turns it on. The QR code is an image, never markup put into the page.
 */
export function TotpSetup({
  secret,
  onDone,
  onCancel,
}: {
  secret: NewSecret;
  /** Called once the app is on, with the recovery codes when it was the account's first factor. */
  onDone: (recoveryCodes: string[] | undefined) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const steps = useRef<HTMLOListElement>(null);
  // The Set up button has gone: the steps that took its place are where the owner reads on.
  useEffect(() => {
    steps.current?.focus();
  }, []);
  const confirm = useAccountChange({
    send: (code: string) => apiRequest<{ recoveryCodes?: string[] }>("POST", "/api/account/totp/confirm", { code }),
    problem: (error) => readableError(error, "The code could not be checked."),
    done: ({ recoveryCodes }) => {
      toast({ title: "Authenticator app on", description: "Its codes are asked for at sign-in from now on." });
      onDone(recoveryCodes);
    },
    fields: ["code"],
  });
  const problem = fieldProblem(confirm.error, "code");
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const code = fieldValue(event.target, "code").trim();
    if (code) confirm.mutate(code);
  };
  return (
    <ol className="account-totp__steps" ref={steps} tabIndex={-1} aria-label="Setting up the authenticator app">
      <li>
        <p>Scan this with the app.</p>
        <img
          className="account-totp__qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(secret.qr)}`}
          alt="QR code of the key for the authenticator app"
          width="192"
          height="192"
        />
        <p className="meta">No camera handy? Type this key into the app instead:</p>
        <code className="account-totp__secret" aria-label="Key for the authenticator app">
          {secret.secret}
        </code>
        <p className="meta">
          <a href={secret.uri}>Or open it in an authenticator app on this device.</a>
        </p>
      </li>
      <li>
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-code`}>The code the app shows now</label>
            <input
              id={`${id}-code`}
              name="code"
              className="account-totp__code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-code-error` : undefined}
            />
            <FieldError id={`${id}-code-error`} message={problem} />
          </div>
          <div className="form-actions">
            <button className="button" type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? "Checking..." : "Confirm"}
            </button>
            <button className="button button--quiet" type="button" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      </li>
    </ol>
  );
}
