import { apiRequest, readableError } from "@/lib/api-request";
import { FEW_CODES_LEFT, RECOVERY_CODES } from "../recovery-words";
import { useAccountChange } from "./use-account-change";

/** How many recovery codes are left, a warning when few are, and a new set on request. */
export function RecoveryCodesCard({
  left,
  hasFactor,
  onCodes,
}: {
  left: number;
  /** Codes come with a second factor: without one there is nothing they stand in for. */
  hasFactor: boolean;
  onCodes: (codes: string[]) => void;
}) {
  const renew = useAccountChange({
    send: () => apiRequest<{ recoveryCodes: string[] }>("POST", "/api/account/recovery-codes", {}),
    problem: (error) => readableError(error, "New codes could not be made."),
    done: ({ recoveryCodes }) => {
      onCodes(recoveryCodes);
    },
  });
  return (
    <section className="card account-section" aria-labelledby="account-recovery">
      <h2 id="account-recovery">Recovery codes</h2>
      <p>
        For the day the phone is in the wrong pocket: each code gets you in once, in place of a passkey or an
        authenticator code.
      </p>
      {hasFactor ? (
        <>
          <p className="account-state">
            <strong>
              {left} of {RECOVERY_CODES} left
            </strong>
          </p>
          {left <= FEW_CODES_LEFT && (
            <p className="account-warning">
              {left === 0 ? "None left." : "Only a few left."} Make new codes before you need one.
            </p>
          )}
          <button
            className="button button--quiet account-section__action"
            type="button"
            disabled={renew.isPending}
            onClick={() => {
              if (window.confirm("Make new recovery codes? The old ones stop working at once.")) renew.mutate();
            }}
          >
            Make new codes
          </button>
        </>
      ) : (
        <p className="meta">They come with your first passkey or authenticator app.</p>
      )}
    </section>
  );
}
