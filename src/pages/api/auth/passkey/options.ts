import { defineRoute } from "@/lib/define-route.server";
import { noBody } from "@/modules/auth/factor-schemas";
import { passkeyAuthenticationOptions, relyingParty } from "@/modules/auth/passkeys.server";

/** A challenge for signing in with a passkey: the button's, or the browser's autofill's. */
export const POST = defineRoute({
  access: "public",
  body: noBody,
  maxBytes: 1024,
  // Each asks the database to keep a challenge: a sign-in page asks once per visit.
  throttle: { key: (client) => `passkey-options:${client}`, limit: { limit: 60, windowMs: 15 * 60_000 } },
  run: async ({ db, context }) => ({
    options: await passkeyAuthenticationOptions(db, relyingParty(context.url.origin), "sign-in"),
  }),
});
