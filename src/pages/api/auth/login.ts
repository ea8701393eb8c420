import { defineRoute } from "@/lib/define-route.server";
import { login } from "@/modules/auth/login.server";
import { loginSchema } from "@/modules/auth/schema";
import { setSecondStepCookie } from "@/modules/auth/session-cookie.server";
import { handOverSession, signInClient } from "@/modules/auth/sign-in-response.server";

export const POST = defineRoute({
  access: "public",
  body: loginSchema,
  maxBytes: 4096,
  run: async ({ body, client, db, context }) => {
    const outcome = await login(db, body, signInClient(context, client));
    if (outcome.kind === "session") return handOverSession(db, context, outcome);
    // The password was right, and the account asks for more: no session yet.
    setSecondStepCookie(context.cookies, outcome.pendingToken);
    return { secondStep: { methods: outcome.methods } };
  },
});
