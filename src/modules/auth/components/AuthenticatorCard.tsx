import { useState } from "react";
import { apiRequest, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { TotpSetup, type NewSecret } from "./TotpSetup";
import { useAccountChange } from "./use-account-change";

/** The authenticator app: set it up (scan, then one code to confirm), or remove it. */
export function AuthenticatorCard({ on, onCodes }: { on: boolean; onCodes: (codes: string[]) => void }) {
  const [secret, setSecret] = useState<NewSecret>();
  const begin = useAccountChange({
    send: () => apiRequest<NewSecret>("POST", "/api/account/totp", {}),
    problem: (error) => readableError(error, "The authenticator app could not be set up."),
    done: setSecret,
  });
  const remove = useAccountChange({
    send: () => apiRequest("DELETE", "/api/account/totp"),
    problem: (error) => readableError(error, "The authenticator app could not be removed."),
    done: () => {
      toast({ title: "Authenticator app removed", description: "Its codes no longer sign you in." });
    },
  });
  return (
    <section className="card account-section" aria-labelledby="account-totp">
      <h2 id="account-totp">Authenticator app</h2>
      <p>
        An app on your phone (Google Authenticator, 1Password, Aegis, and their many cousins) shows a new six-digit code
        every 30 seconds, asked for after your password.
      </p>
      {on ? (
        <>
          <p className="account-state">
            <span className="badge">On</span> Codes from your app are asked for at sign-in.
          </p>
          <button
            className="button button--quiet account-section__action"
            type="button"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm("Remove the authenticator app? Its codes will stop working.")) remove.mutate();
            }}
          >
            Remove
          </button>
        </>
      ) : secret ? (
        <TotpSetup
          secret={secret}
          onDone={(codes) => {
            setSecret(undefined);
            if (codes) onCodes(codes);
          }}
          onCancel={() => {
            setSecret(undefined);
          }}
        />
      ) : (
        <>
          <p className="account-state">
            <span className="badge badge--warm">Off</span> Not set up.
          </p>
          <button
            className="button account-section__action"
            type="button"
            disabled={begin.isPending}
            onClick={() => {
              begin.mutate();
            }}
          >
            Set up
          </button>
        </>
      )}
    </section>
  );
}
