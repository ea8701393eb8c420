/**
 * A cookie name as the site uses it. On https it carries the `__Host-` prefix, which
 * browsers only accept with Secure, Path=/ and no Domain: a sibling subdomain cannot plant
 * or shadow it.
 */
const hostOnly = (name: string, secure: boolean): string => (secure ? `__Host-${name}` : name);

/** The session cookie's name. */
export const sessionCookieName = (secure: boolean): string => hostOnly("session", secure);

/** The device cookie's name: the browser its owner signed in with before. */
export const deviceCookieName = (secure: boolean): string => hostOnly("device", secure);

/** Whether a request carries a session cookie at all, without validating it (no database). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return /(?:^|;\s*)(?:__Host-)?session=/.test(cookieHeader ?? "");
}
