import { browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnAbortService } from "@simplewebauthn/browser";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { isCancelledCeremony, passkeyOptions, passkeysWorkHere, signInWithPasskey } from "../passkey-ceremony";
import type { PublicUser } from "../user";

/** What a passkey sign-in waits for: the person, in the browser's prompt, or the site. */
export type PasskeyWait = "passkey" | "site";

export interface PasskeySignIn {
  /** Whether this page can use passkeys (`passkeysWorkHere`): false in the server's HTML, so no page offers one it cannot use. */
  supported: boolean;
  waiting: PasskeyWait | undefined;
  /** Ask for a passkey in the browser's prompt; a ceremony under way (the autofill's) ends. */
  start: () => void;
}

// Support never changes while the page is open: nothing to subscribe to.
const noSubscription = () => () => undefined;

/**
 * Sign in with a passkey, by a button and, with `autofill`, from the username field's
 * suggestions (conditional mediation) as long as the form is shown. The browser runs one
 * ceremony at a time: starting one (SimpleWebAuthn) aborts the one before.
 */
export function usePasskeySignIn(autofill: boolean, onSignedIn: (user: PublicUser) => void): PasskeySignIn {
  const supported = useSyncExternalStore(noSubscription, passkeysWorkHere, () => false);
  const [waiting, setWaiting] = useState<PasskeyWait>();
  // Each ceremony takes a turn; one that ends after a newer one began, or after the form
  // went, was replaced and says nothing.
  const turn = useRef(0);
  const ceremony = useRef<(viaAutofill: boolean) => Promise<void>>(() => Promise.resolve());

  const armAutofill = async () => {
    const before = turn.current;
    // The button may have been pressed while the browser answered: its prompt stays.
    if ((await browserSupportsWebAuthnAutofill()) && before === turn.current) await ceremony.current(true);
  };

  ceremony.current = async (viaAutofill) => {
    const mine = ++turn.current;
    let stage: "options" | "ceremony" | "site" = "options";
    // The autofill waits among the field's suggestions; only the button's prompt holds the form.
    if (!viaAutofill) setWaiting("passkey");
    try {
      const optionsJSON = await passkeyOptions();
      // The button was pressed while these options were on their way: its ceremony keeps the browser.
      if (mine !== turn.current) return;
      stage = "ceremony";
      const response = await startAuthentication({ optionsJSON, useBrowserAutofill: viaAutofill });
      stage = "site";
      setWaiting("site");
      // The page goes on to the next one, so the form stays waiting.
      onSignedIn(await signInWithPasskey(response));
    } catch (error) {
      if (mine !== turn.current) return;
      setWaiting(undefined);
      // What the person asked for ends in a word; the autofill arming itself does not, nor
      // does it try again after such a failure, which would only fail again.
      const asked = !viaAutofill || stage === "site";
      if (asked && !isCancelledCeremony(error)) {
        toast({
          title: "Login failed",
          description: readableError(error, "That passkey did not sign you in."),
          variant: "destructive",
        });
      }
      if (asked && autofill) void armAutofill();
    }
  };

  useEffect(() => {
    if (autofill && passkeysWorkHere()) void armAutofill();
    return () => {
      turn.current += 1;
      WebAuthnAbortService.cancelCeremony();
    };
    // Armed once while the form is shown: armAutofill reads only refs.
  }, [autofill]);

  return {
    supported,
    waiting,
    start: () => {
      void ceremony.current(false);
    },
  };
}
