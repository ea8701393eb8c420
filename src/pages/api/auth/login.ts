import { defineRoute } from "@/lib/define-route.server";
import { login } from "@/modules/auth/login.server";
import { loginSchema } from "@/modules/auth/schema";
import { serializeUser } from "@/modules/auth/serialize";
import { readDeviceToken, setDeviceCookie, setSessionCookie } from "@/modules/auth/session-cookie.server";
import { deleteSession } from "@/modules/auth/session.server";

export const POST = defineRoute({
  access: "public",
  body: loginSchema,
  maxBytes: 4096,
  run: async ({ body, client, db, context }) => {
    const { token, user, deviceToken } = await login(db, body, {
      address: client,
      deviceToken: readDeviceToken(context.cookies),
    });
    // A new session on every sign-in: one sent with the request is dropped (session fixation).
    if (context.locals.sessionId) await deleteSession(db, context.locals.sessionId);
    setSessionCookie(context.cookies, token);
    setDeviceCookie(context.cookies, deviceToken);
    return { user: serializeUser(user) };
  },
});
