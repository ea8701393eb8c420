import { useState } from "react";
import { apiRequest, readableError } from "@/lib/api-request";
import { whenText } from "@/lib/format";
import { toast } from "@/lib/toast";
import type { PasskeyView } from "../account-views";
import { PasskeyNameForm } from "./PasskeyNameForm";
import { fieldProblem, useAccountChange } from "./use-account-change";

const passkeyUrl = (passkey: PasskeyView) => `/api/account/passkeys/${encodeURIComponent(passkey.id)}`;

/** One passkey: its name (renamed in place), when it was added and last used, and Remove. */
export function PasskeyItem({ passkey }: { passkey: PasskeyView }) {
  const [renaming, setRenaming] = useState(false);
  const rename = useAccountChange({
    send: (name: string) => apiRequest("PATCH", passkeyUrl(passkey), { name }),
    problem: (error) => readableError(error, "The passkey could not be renamed."),
    done: () => {
      setRenaming(false);
    },
    fields: ["name"],
  });
  const remove = useAccountChange({
    send: () => apiRequest("DELETE", passkeyUrl(passkey)),
    problem: (error) => readableError(error, "The passkey could not be removed."),
    done: () => {
      toast({ title: "Passkey removed", description: `“${passkey.name}” no longer signs you in.` });
    },
  });

  if (renaming) {
    return (
      <li className="account-item">
        <PasskeyNameForm
          initial={passkey.name}
          saveLabel="Save"
          pending={rename.isPending}
          serverProblem={fieldProblem(rename.error, "name")}
          onSave={(name) => {
            rename.mutate(name);
          }}
          onCancel={() => {
            setRenaming(false);
            rename.reset();
          }}
        />
      </li>
    );
  }
  return (
    <li className="account-item">
      <div className="account-item__text">
        <strong className="account-item__name">{passkey.name}</strong>
        <span className="meta">
          Added {whenText(passkey.createdAt)}. Last used {passkey.lastUsedAt ? whenText(passkey.lastUsedAt) : "never"}.
        </span>
      </div>
      <div className="account-item__actions">
        <button
          className="button button--quiet"
          type="button"
          aria-label={`Rename ${passkey.name}`}
          onClick={() => {
            setRenaming(true);
          }}
        >
          Rename
        </button>
        <button
          className="button button--quiet"
          type="button"
          aria-label={`Remove ${passkey.name}`}
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(`Remove the passkey “${passkey.name}”? It will no longer sign you in.`)) remove.mutate();
          }}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
