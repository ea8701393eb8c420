import { defineRoute } from "@/lib/define-route.server";
import { passkeySignInSchema } from "@/modules/auth/factor-schemas";
import { signInWithPasskey } from "@/modules/auth/passkey-sign-in.server";
import { relyingParty } from "@/modules/auth/passkeys.server";
import { handOverSession, signInClient } from "@/modules/auth/sign-in-response.server";

/** Sign in with a passkey alone. */
export const POST = defineRoute({
  access: "public",
  body: passkeySignInSchema,
  maxBytes: 64 * 1024,
  run: async ({ body, client, db, context }) => {
    const signedIn = await signInWithPasskey(
      db,
      relyingParty(context.url.origin),
      body.response,
      signInClient(context, client),
    );
    return handOverSession(db, context, signedIn);
  },
});
