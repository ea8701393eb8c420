import { defineRoute } from "@/lib/define-route.server";
import { noBody } from "@/modules/auth/factor-schemas";
import { passkeyRegistrationOptions, relyingParty } from "@/modules/auth/passkeys.server";

/** What the browser needs to make a new passkey for the account. */
export const POST = defineRoute({
  access: "admin",
  fresh: true,
  body: noBody,
  maxBytes: 1024,
  run: async ({ db, user, context }) => ({
    options: await passkeyRegistrationOptions(db, user, relyingParty(context.url.origin)),
  }),
});
