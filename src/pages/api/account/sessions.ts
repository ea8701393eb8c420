import { defineRoute } from "@/lib/define-route.server";
import { currentSession } from "@/modules/auth/account-session";
import { deleteOtherSessions } from "@/modules/auth/session.server";

/** Sign out everywhere else: every session of the account but this one ends. */
export const DELETE = defineRoute({
  access: "admin",
  run: async ({ db, user, context }) => ({
    ended: await deleteOtherSessions(db, user.id, currentSession(context.locals).id),
  }),
});
