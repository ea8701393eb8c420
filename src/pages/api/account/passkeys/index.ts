import { defineRoute } from "@/lib/define-route.server";
import { currentSession } from "@/modules/auth/account-session";
import { addPasskeySchema } from "@/modules/auth/factor-schemas";
import { accountFactors, firstFactorAdded, hasSecondFactor } from "@/modules/auth/factors.server";
import { addPasskey, relyingParty } from "@/modules/auth/passkeys.server";

/** Keep the passkey the browser made; the account's first factor also brings its recovery codes, shown once. */
export const POST = defineRoute({
  access: "admin",
  fresh: true,
  body: addPasskeySchema,
  maxBytes: 64 * 1024,
  status: 201,
  run: async ({ db, user, body, context }) => {
    const session = currentSession(context.locals);
    const first = !hasSecondFactor(await accountFactors(db, user.id));
    const rp = relyingParty(context.url.origin);
    const passkey = await addPasskey(db, user.id, rp, body.name, body.response);
    if (!first) return { passkey };
    return { passkey, recoveryCodes: await firstFactorAdded(db, user.id, session.id, "passkey") };
  },
});
