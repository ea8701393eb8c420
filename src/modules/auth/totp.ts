import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";

/** RFC 6238 as every authenticator app reads it by default: 30-second steps, 6 digits, SHA-1. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code may be from: a phone's clock is rarely exact. */
const DRIFT_STEPS = 1;
/** 160 bits, as RFC 4226 recommends for the shared secret. */
const SECRET_BYTES = 20;

export const newTotpSecret = (): Uint8Array => crypto.getRandomValues(new Uint8Array(SECRET_BYTES));

/** The time step a moment falls in. */
export const totpStep = (now: Date): number => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** What a code typed into the site looks like once spaces are gone: six digits. */
export const TOTP_CODE = /^\d{6}$/;

/**
 * The step `code` was made for, if it is the secret's code for the step now, the one before
 * or the one after, and later than `lastStep`: a code is accepted once, and after it none
 * older (RFC 6238 §5.2), so a code seen over a shoulder is worth nothing once used.
 */
export function matchTotp(secret: Uint8Array, code: string, now: Date, lastStep: number | null): number | null {
  if (!TOTP_CODE.test(code)) return null;
  const current = totpStep(now);
  const given = new TextEncoder().encode(code);
  let matched: number | null = null;
  // Every candidate is compared, so the time taken says nothing about which one matched.
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    const expected = new TextEncoder().encode(generateHOTP(secret, BigInt(step), TOTP_DIGITS));
    if (constantTimeEqual(expected, given) && (lastStep === null || step > lastStep)) matched ??= step;
  }
  return matched;
}

/** The secret as a person types it into an app: base32 in groups of four. */
export const secretWords = (secret: Uint8Array): string =>
  (encodeBase32UpperCaseNoPadding(secret).match(/.{1,4}/g) ?? []).join(" ");

/** The `otpauth://` address an app's QR scanner reads. */
export const totpUri = (issuer: string, account: string, secret: Uint8Array): string =>
  createTOTPKeyURI(issuer, account, secret, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
