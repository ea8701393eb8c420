import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { clientAddress, handle, json, readJson } from "@/lib/http.server";
import { login } from "@/modules/auth/login.server";
import { loginSchema } from "@/modules/auth/schema";
import { serializeUser } from "@/modules/auth/serialize";
import { setSessionCookie } from "@/modules/auth/session-cookie.server";
import { deleteSession } from "@/modules/auth/session.server";

export const POST: APIRoute = (context) =>
  handle(async () => {
    const input = await readJson(context.request, loginSchema, 4096);
    const { token, user } = await login(db(), input, clientAddress(context));
    // A new session on every sign-in: one sent with the request is dropped (session fixation).
    if (context.locals.sessionId) await deleteSession(db(), context.locals.sessionId);
    setSessionCookie(context.cookies, token);
    return json({ user: serializeUser(user) });
  });
