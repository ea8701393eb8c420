/**
 * Whether a page's host can hold passkeys: WebAuthn names a site by its domain, so browsers
 * refuse an IP address (127.0.0.1, [::1]). One rule for the site's answer and the page's offer.
 */
export const hostHoldsPasskeys = (hostname: string): boolean => !/^[\d.]+$/.test(hostname) && !hostname.startsWith("[");
