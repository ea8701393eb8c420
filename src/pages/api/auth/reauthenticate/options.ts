import { defineRoute } from "@/lib/define-route.server";
import { noBody } from "@/modules/auth/factor-schemas";
import { passkeyAuthenticationOptions, relyingParty } from "@/modules/auth/passkeys.server";

/** A challenge for confirming who holds this session with one of the account's passkeys. */
export const POST = defineRoute({
  access: "signed-in",
  body: noBody,
  maxBytes: 1024,
  run: async ({ db, user, context }) => ({
    options: await passkeyAuthenticationOptions(db, relyingParty(context.url.origin), "reauthenticate", {
      userId: user.id,
      sessionId: context.locals.sessionId ?? undefined,
    }),
  }),
});
