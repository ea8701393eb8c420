import type { CDPSession, Page } from "@playwright/test";

/** Chromium's virtual authenticator as a phone or laptop would be: it keeps passkeys, checks its owner, and says yes at once. */
export const VIRTUAL_AUTHENTICATOR = {
  protocol: "ctap2",
  transport: "internal",
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
} as const;

/**
 * Give the page's browser an authenticator of its own: Chromium's virtual one, which
 * answers a ceremony at once, as a person choosing the passkey offered would.
 */
export async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: VIRTUAL_AUTHENTICATOR });
  return { cdp, authenticatorId };
}
