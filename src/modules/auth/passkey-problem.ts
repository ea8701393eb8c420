import { WebAuthnError } from "@simplewebauthn/browser";
import { readableError } from "@/lib/api-request";

/**
 * What the owner reads when a passkey step fails: the browser's prompt closed or timed out
 * (it says only NotAllowedError, whichever it was), the device already holds one, or the
 * server's own sentence; `fallback` otherwise.
 */
export function passkeyProblem(error: unknown, fallback: string): string {
  if (error instanceof WebAuthnError) {
    if (error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
      return "This device already holds a passkey for this account.";
    }
    if (error.code === "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY" || error.code === "ERROR_CEREMONY_ABORTED") {
      return "No passkey was used: the browser's prompt was closed, or it waited too long.";
    }
    return fallback;
  }
  return readableError(error, fallback);
}
