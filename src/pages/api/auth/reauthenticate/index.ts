import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { defineRoute } from "@/lib/define-route.server";
import { unauthenticated } from "@/lib/errors";
import { reauthenticateSchema } from "@/modules/auth/factor-schemas";
import { relyingParty } from "@/modules/auth/passkeys.server";
import { reauthenticate } from "@/modules/auth/step-up.server";

/** Prove again who holds this session, for the next ten minutes of what cannot be undone. */
export const POST = defineRoute({
  access: "signed-in",
  body: reauthenticateSchema,
  maxBytes: 64 * 1024,
  run: async ({ db, user, body, context }) => {
    const sessionId = context.locals.sessionId;
    if (!sessionId) throw unauthenticated("Sign in required");
    const proof =
      "passkey" in body
        ? { passkey: body.passkey as AuthenticationResponseJSON, rp: relyingParty(context.url.origin) }
        : body;
    return reauthenticate(db, user, sessionId, proof);
  },
});
