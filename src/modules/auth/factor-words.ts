import type { AccountFactors } from "./factors.server";

/**
 * The owner's second factors in a line, as the dashboard shows them; nothing when there is none.
 * @example factorWords({ passkeys: 2, totp: true, recoveryCodesLeft: 10 }) // "Passkeys (2), Authenticator app"
 */
export function factorWords(factors: AccountFactors): string | undefined {
  const words = [
    ...(factors.passkeys > 0 ? [`Passkeys (${String(factors.passkeys)})`] : []),
    ...(factors.totp ? ["Authenticator app"] : []),
  ];
  return words.length > 0 ? words.join(", ") : undefined;
}
