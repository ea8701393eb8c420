import { defineRoute } from "@/lib/define-route.server";
import { conflict } from "@/lib/errors";
import { noBody } from "@/modules/auth/factor-schemas";
import { accountFactors, hasSecondFactor } from "@/modules/auth/factors.server";
import { issueRecoveryCodes } from "@/modules/auth/recovery-codes.server";

/** Ten new recovery codes, shown once; the old ones stop working. */
export const POST = defineRoute({
  access: "admin",
  fresh: true,
  body: noBody,
  maxBytes: 1024,
  run: async ({ db, user }) => {
    if (!hasSecondFactor(await accountFactors(db, user.id))) {
      throw conflict("Recovery codes stand in for a second factor: add a passkey or an authenticator app first.");
    }
    return { recoveryCodes: await issueRecoveryCodes(db, user.id) };
  },
});
