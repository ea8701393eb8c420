import { defineRoute } from "@/lib/define-route.server";
import { changePassword } from "@/modules/auth/account.server";
import { currentSession } from "@/modules/auth/account-session";
import { passwordChangeSchema } from "@/modules/auth/factor-schemas";

/** A new password; every other session ends. */
export const POST = defineRoute({
  access: "admin",
  fresh: true,
  body: passwordChangeSchema,
  maxBytes: 4096,
  run: async ({ db, user, body, context }) => {
    await changePassword(db, user.id, currentSession(context.locals).id, body.password);
  },
});
