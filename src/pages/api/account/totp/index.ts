import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import { noBody } from "@/modules/auth/factor-schemas";
import { factorRemoved } from "@/modules/auth/factors.server";
import { removeTotp, startTotpSetup } from "@/modules/auth/totp-factor.server";
import { notFound } from "@/lib/errors";

/** A new secret for an authenticator app, waiting for its first code. */
export const POST = defineRoute({
  access: "admin",
  fresh: true,
  body: noBody,
  maxBytes: 1024,
  run: ({ db, user }) => startTotpSetup(db, user, settings().siteName),
});

/** Forget the authenticator app. */
export const DELETE = defineRoute({
  access: "admin",
  fresh: true,
  run: async ({ db, user }) => {
    if (!(await removeTotp(db, user.id))) throw notFound("Authenticator app");
    await factorRemoved(db, user.id);
  },
});
