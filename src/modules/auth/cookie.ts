/**
 * The session cookie's name. On https it carries the `__Host-` prefix, which browsers only
 * accept with Secure, Path=/ and no Domain: a sibling subdomain cannot plant or shadow it.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-session" : "session";
}

/** Whether a request carries a session cookie at all, without validating it (no database). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return /(?:^|;\s*)(?:__Host-)?session=/.test(cookieHeader ?? "");
}
