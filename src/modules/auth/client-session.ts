import { mayDiscardUnsavedWork } from "@/lib/unsaved-work";

// The browser's side of the session: the header keeps who is signed in for 5 minutes
// (SPEC §7), so signing in or out must forget that answer.

/** Where the header keeps the answer of GET /api/auth/me. */
export const AUTH_CACHE_KEY = "meh:auth-me";

/** Forget who is signed in, so the next page asks again. */
export function forgetUser(): void {
  try {
    sessionStorage.removeItem(AUTH_CACHE_KEY);
  } catch {
    // Storage may be disabled; then nothing was kept.
  }
}

/** Sign out (SPEC §4): end the session, forget the user, go to /login; unsaved work is asked about first. */
export async function logout(): Promise<void> {
  if (!mayDiscardUnsavedWork()) return;
  // The answer is read to its end before leaving: a body still arriving when the page
  // goes is cut off, which the browser logs as a failed request (net::ERR_ABORTED).
  await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
  forgetUser();
  window.location.assign("/login");
}
