import { defineRoute } from "@/lib/define-route.server";
import { currentSession } from "@/modules/auth/account-session";
import { codeSchema } from "@/modules/auth/factor-schemas";
import { accountFactors, firstFactorAdded, hasSecondFactor } from "@/modules/auth/factors.server";
import { confirmTotp } from "@/modules/auth/totp-factor.server";

/** The app's first code: from now on the app is a factor (the first brings recovery codes, shown once). */
export const POST = defineRoute({
  access: "admin",
  fresh: true,
  body: codeSchema,
  maxBytes: 1024,
  throttle: { key: (client) => `totp-confirm:${client}`, limit: { limit: 10, windowMs: 15 * 60_000 } },
  run: async ({ db, user, body, context }) => {
    const session = currentSession(context.locals);
    const first = !hasSecondFactor(await accountFactors(db, user.id));
    await confirmTotp(db, user.id, body.code.replace(/\s/g, ""));
    if (!first) return {};
    return { recoveryCodes: await firstFactorAdded(db, user.id, session.id, "password+totp") };
  },
});
