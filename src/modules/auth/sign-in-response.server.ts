import type { APIContext } from "astro";
import type { Db } from "@/lib/db.server";
import type { SessionUser } from "@/lib/session-user";
import type { LoginClient } from "./login.server";
import { serializeUser } from "./serialize";
import { clearSecondStepCookie, readDeviceToken, setDeviceCookie, setSessionCookie } from "./session-cookie.server";
import { deleteSession } from "./session.server";

/** Who is signing in, as a sign-in route's request tells it. */
export function signInClient(context: APIContext, address: string): LoginClient {
  return {
    address,
    userAgent: context.request.headers.get("User-Agent") ?? "",
    deviceToken: readDeviceToken(context.cookies),
  };
}

/**
 * Hand the browser the session a sign-in earned, by whichever factors: a session sent with
 * the request is dropped (session fixation), a pending second step is over, and the device
 * cookie is renewed. The answer names the user.
 */
export async function handOverSession(
  db: Db,
  context: APIContext,
  signedIn: { token: string; user: SessionUser; deviceToken: string },
) {
  if (context.locals.sessionId) await deleteSession(db, context.locals.sessionId);
  setSessionCookie(context.cookies, signedIn.token);
  setDeviceCookie(context.cookies, signedIn.deviceToken);
  clearSecondStepCookie(context.cookies);
  return { user: serializeUser(signedIn.user) };
}
