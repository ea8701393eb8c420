import type { AstroCookies } from "astro";
import { settings } from "@/lib/settings.server";
import { cookieValues, deviceCookieName, secondStepCookieName, sessionCookieName, signedInHintName } from "./cookie";
import { DEVICE_COOKIE_MAX_AGE_MS } from "./device-token.server";
import { SECOND_STEP } from "./second-step.server";
import { ABSOLUTE_TIMEOUT_MS } from "./session.server";

const secure = () => settings().siteUrl.startsWith("https://");

// Unreadable by scripts, sent on same-site navigations only.
const options = () => ({ httpOnly: true, sameSite: "lax", path: "/", secure: secure() }) as const;

/**
 * The session tokens the request carries (not yet validated). Astro's cookies would pick
 * one of two; more than one must sign in nobody, since either may have been planted.
 */
export function readSessionTokens(request: Request): string[] {
  return cookieValues(request.headers.get("Cookie"), sessionCookieName(secure()));
}

/** Hand the browser its session, and the hint that tells its scripts a session may be there. */
export function setSessionCookie(cookies: AstroCookies, token: string): void {
  const maxAge = ABSOLUTE_TIMEOUT_MS / 1000;
  cookies.set(sessionCookieName(secure()), token, { ...options(), maxAge });
  cookies.set(signedInHintName(secure()), "1", { ...options(), httpOnly: false, maxAge });
}

/** Take the session cookie away, and its hint. */
export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(sessionCookieName(secure()), options());
  cookies.delete(signedInHintName(secure()), { ...options(), httpOnly: false });
}

/** The device token the browser was given at its last sign-in, if any (not yet validated). */
export function readDeviceToken(cookies: AstroCookies): string | undefined {
  return cookies.get(deviceCookieName(secure()))?.value;
}

/** Mark the browser as one its owner signs in with (OWASP's device cookie). */
export function setDeviceCookie(cookies: AstroCookies, token: string): void {
  cookies.set(deviceCookieName(secure()), token, { ...options(), maxAge: DEVICE_COOKIE_MAX_AGE_MS / 1000 });
}

/** Hand the browser the pending second step of its sign-in, for as long as the step waits. */
export function setSecondStepCookie(cookies: AstroCookies, token: string): void {
  // Strict: the second step is only ever posted from the sign-in page itself.
  cookies.set(secondStepCookieName(secure()), token, {
    ...options(),
    sameSite: "strict",
    maxAge: SECOND_STEP.ttlMs / 1000,
  });
}

/** The pending second step's token, if the browser holds one (not yet validated). */
export function readSecondStepToken(cookies: AstroCookies): string | undefined {
  return cookies.get(secondStepCookieName(secure()))?.value;
}

export function clearSecondStepCookie(cookies: AstroCookies): void {
  cookies.delete(secondStepCookieName(secure()), { ...options(), sameSite: "strict" });
}
