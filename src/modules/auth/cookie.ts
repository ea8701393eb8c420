/**
 * A cookie name as the site uses it. On https it carries the `__Host-` prefix, which
 * browsers only accept with Secure, Path=/ and no Domain: a sibling subdomain cannot plant
 * or shadow it.
 */
const hostOnly = (name: string, secure: boolean): string => (secure ? `__Host-${name}` : name);

/** The session cookie's name. */
export const sessionCookieName = (secure: boolean): string => hostOnly("session", secure);

/**
 * The name of the "signed in" hint: set beside the session cookie and readable by scripts,
 * it holds no secret, only tells the header that asking who is signed in is worth a request.
 */
export const signedInHintName = (secure: boolean): string => hostOnly("signed_in", secure);

/** Whether this browser may be signed in: it holds the hint (either name; scripts do not know the scheme's prefix). */
export function mayBeSignedIn(cookieHeader: string): boolean {
  return /(?:^|;\s*)(?:__Host-)?signed_in=1(?:;|$)/.test(cookieHeader);
}

/** The device cookie's name: the browser its owner signed in with before. */
export const deviceCookieName = (secure: boolean): string => hostOnly("device", secure);

/** The cookie of a sign-in waiting for its second step: no session, only the right to try a code. */
export const secondStepCookieName = (secure: boolean): string => hostOnly("sign_in_step", secure);

/**
 * A session token is "<id>.<secret>", both 24 base32 characters (120 random bits each).
 * Anything else is refused before the database is asked, so junk cookies cost nothing.
 */
export const SESSION_TOKEN = /^([a-z2-7]{24})\.([a-z2-7]{24})$/;

/**
 * Every value the Cookie header gives `name`, in the order sent. A browser sends a name
 * twice when another site on the domain planted a second cookie beside ours, which is why
 * callers must see them all rather than whichever a parser keeps.
 */
export function cookieValues(cookieHeader: string | null | undefined, name: string): string[] {
  const values: string[] = [];
  for (const pair of (cookieHeader ?? "").split(";")) {
    const eq = pair.indexOf("=");
    if (eq !== -1 && pair.slice(0, eq).trim() === name) values.push(pair.slice(eq + 1).trim());
  }
  return values;
}

/** Whether a request carries a session cookie at all, without validating it (no database). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return /(?:^|;\s*)(?:__Host-)?session=/.test(cookieHeader ?? "");
}

/**
 * Whether a request could be signed in, judged without the database: exactly one session
 * cookie (two sign in nobody), shaped like a token the site issues. Junk cookies cannot
 * make a request skip the stored pages this way.
 */
export function carriesSessionToken(cookieHeader: string | null | undefined, secure: boolean): boolean {
  const [token, ...more] = cookieValues(cookieHeader, sessionCookieName(secure));
  return token !== undefined && more.length === 0 && SESSION_TOKEN.test(token);
}
