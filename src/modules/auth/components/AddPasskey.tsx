import { startRegistration } from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import { useState } from "react";
import { apiRequest } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import type { PasskeyView } from "../account-views";
import { deviceName } from "../device-name";
import { passkeyProblem } from "../passkey-problem";
import { PasskeyNameForm } from "./PasskeyNameForm";
import { fieldProblem, useAccountChange } from "./use-account-change";

interface Added {
  passkey: PasskeyView;
  recoveryCodes?: string[];
}

/**
 * Add a passkey: the browser makes one (asking for a fingerprint, a face or the device's
 * PIN), then the owner names it, after this browser by default, and it is kept.
 */
export function AddPasskey({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const [made, setMade] = useState<RegistrationResponseJSON>();
  const make = useAccountChange({
    send: async () => {
      const { options } = await apiRequest<{ options: PublicKeyCredentialCreationOptionsJSON }>(
        "POST",
        "/api/account/passkeys/options",
        {},
      );
      return startRegistration({ optionsJSON: options });
    },
    problem: (error) => passkeyProblem(error, "The passkey could not be made."),
    done: setMade,
  });
  const keep = useAccountChange({
    send: ({ name, response }: { name: string; response: RegistrationResponseJSON }) =>
      apiRequest<Added>("POST", "/api/account/passkeys", { name, response }),
    problem: (error) => passkeyProblem(error, "The passkey could not be saved."),
    done: ({ passkey, recoveryCodes }) => {
      setMade(undefined);
      toast({ title: "Passkey added", description: `“${passkey.name}” signs you in from now on.` });
      if (recoveryCodes) onCodes(recoveryCodes);
    },
    fields: ["name"],
  });

  if (!made) {
    return (
      <button
        className="button account-section__action"
        type="button"
        disabled={make.isPending}
        onClick={() => {
          make.mutate();
        }}
      >
        {make.isPending ? "Waiting for the browser..." : "Add a passkey"}
      </button>
    );
  }
  return (
    <PasskeyNameForm
      initial={deviceName(navigator.userAgent)}
      saveLabel="Save the passkey"
      pending={keep.isPending}
      serverProblem={fieldProblem(keep.error, "name")}
      onSave={(name) => {
        keep.mutate({ name, response: made });
      }}
      onCancel={() => {
        setMade(undefined);
        keep.reset();
      }}
    />
  );
}
