import { defineRoute } from "@/lib/define-route.server";
import { clearSessionCookie } from "@/modules/auth/session-cookie.server";
import { deleteSession } from "@/modules/auth/session.server";

// Public: signing out without a session is not an error, it is already the outcome.
export const POST = defineRoute({
  access: "public",
  run: async ({ db, context: { locals, cookies } }) => {
    if (locals.sessionId) await deleteSession(db, locals.sessionId);
    clearSessionCookie(cookies);
  },
});
