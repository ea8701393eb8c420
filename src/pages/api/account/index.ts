import { defineRoute } from "@/lib/define-route.server";
import { accountView } from "@/modules/auth/account.server";
import { currentSession } from "@/modules/auth/account-session";

/** The owner's account: factors, sessions, recent sign-ins. */
export const GET = defineRoute({
  access: "admin",
  run: ({ db, user, context }) => accountView(db, user, currentSession(context.locals)),
});
