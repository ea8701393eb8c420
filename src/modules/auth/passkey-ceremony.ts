import {
  browserSupportsWebAuthn,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { apiRequest } from "@/lib/api-request";
import { hostHoldsPasskeys } from "./passkey-host";
import type { PublicUser } from "./user";

/**
 * Whether this page can sign in with a passkey: the browser has WebAuthn, and the page was
 * opened by a name. WebAuthn names the site by its domain, so browsers (and the site)
 * refuse passkeys on an address such as 127.0.0.1; there, nothing offers one.
 */
export function passkeysWorkHere(): boolean {
  return browserSupportsWebAuthn() && hostHoldsPasskeys(window.location.hostname);
}

/** A fresh challenge to sign in with any of the site's passkeys (none named: the browser offers what it holds). */
export async function passkeyOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { options } = await apiRequest<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    "POST",
    "/api/auth/passkey/options",
    {},
  );
  return options;
}

/** Sign in with the passkey the browser answered with: the user it belongs to. */
export async function signInWithPasskey(response: AuthenticationResponseJSON): Promise<PublicUser> {
  const { user } = await apiRequest<{ user: PublicUser }>("POST", "/api/auth/passkey", { response });
  return user;
}

/**
 * Whether a ceremony ended without a failure to report: the person closed the browser's
 * prompt or let it time out (NotAllowedError; browsers say no more, so that no page can
 * learn which passkeys exist), or another ceremony took its place (AbortError).
 */
export function isCancelledCeremony(error: unknown): boolean {
  return error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
}
