const WINDOW_MS = 15 * 60 * 1000;

/**
 * Sign-in throttles, for the password and the second step alike. Keyed by client as well
 * as name, so guessing from one address can never lock the owner out from another (OWASP
 * ASVS 2.2.1). A browser holding the name's device cookie has its own limit instead of the
 * account-wide cap (`ACCOUNT_LIMIT`).
 */
export const LOGIN_LIMITS = {
  perUserAndClient: { limit: 5, windowMs: WINDOW_MS },
  perClient: { limit: 30, windowMs: WINDOW_MS },
  perDevice: { limit: 5, windowMs: WINDOW_MS },
} as const;

/** The per-client key both steps count against. */
export const clientKey = (address: string): string => `login:client:${address}`;
