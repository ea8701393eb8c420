import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { apiRequest, readableError } from "@/lib/api-request";
import { getQueryClient } from "@/lib/query-client";
import type { AccountView } from "../account-views";
import { AuthenticatorCard } from "../components/AuthenticatorCard";
import { PasskeysCard } from "../components/PasskeysCard";
import { PasswordCard } from "../components/PasswordCard";
import { RecoveryCodesCard } from "../components/RecoveryCodesCard";
import { RecoveryCodesPanel } from "../components/RecoveryCodesPanel";
import { SessionsCard } from "../components/SessionsCard";
import { SignInsCard } from "../components/SignInsCard";
import { ACCOUNT_KEY } from "../components/use-account-change";
import "./account-admin.css";

function Screen() {
  const account = useQuery({
    queryKey: ACCOUNT_KEY,
    queryFn: ({ signal }) => apiRequest<AccountView>("GET", "/api/account", undefined, signal),
  });
  // New recovery codes, held only until the owner says they are saved: they are never shown again.
  const [codes, setCodes] = useState<string[]>();
  const view = account.data;
  return (
    <div className="account-admin">
      <h1>Your account</h1>
      {account.isError && (
        <p role="alert">
          {readableError(account.error, "The account could not be loaded. Reload the page to try again.")}
        </p>
      )}
      {view && (
        <>
          {view.passkeys.length === 0 && !view.totp && (
            <p className="account-notice">
              <strong>Your account is protected by a password alone.</strong> Add a passkey or an authenticator app.
            </p>
          )}
          {codes && (
            <RecoveryCodesPanel
              codes={codes}
              username={view.username}
              onClose={() => {
                setCodes(undefined);
              }}
            />
          )}
          <PasskeysCard passkeys={view.passkeys} onCodes={setCodes} />
          <AuthenticatorCard on={view.totp} onCodes={setCodes} />
          <RecoveryCodesCard
            left={view.recoveryCodesLeft}
            hasFactor={view.passkeys.length > 0 || view.totp}
            onCodes={setCodes}
          />
          <PasswordCard username={view.username} />
          <SessionsCard sessions={view.sessions} />
          <SignInsCard signIns={view.signIns} />
        </>
      )}
    </div>
  );
}

/** The owner's account: passkeys, the authenticator app, recovery codes, the password, sessions and sign-ins. */
export default function AccountAdmin() {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <Screen />
    </QueryClientProvider>
  );
}
