import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import type { PasskeyView } from "../account-views";
import { AddPasskey } from "./AddPasskey";
import { PasskeyItem } from "./PasskeyItem";

/** The owner's passkeys, and a new one when the browser can make it. */
export function PasskeysCard({ passkeys, onCodes }: { passkeys: PasskeyView[]; onCodes: (codes: string[]) => void }) {
  return (
    <section className="card account-section" aria-labelledby="account-passkeys">
      <h2 id="account-passkeys">Passkeys</h2>
      <p>
        A passkey signs you in with this device&apos;s fingerprint, face or PIN: nothing to type, nothing to phish, and
        it works alone, without the password.
      </p>
      {passkeys.length === 0 ? (
        <p className="meta">No passkeys yet.</p>
      ) : (
        <ul className="account-list" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {browserSupportsWebAuthn() ? (
        <AddPasskey onCodes={onCodes} />
      ) : (
        <p className="account-section__note">
          This browser cannot make passkeys. Open this page in a recent Chrome, Edge, Firefox or Safari to add one.
        </p>
      )}
    </section>
  );
}
