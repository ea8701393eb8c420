import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json } from "@/lib/http.server";
import { clearSessionCookie } from "@/modules/auth/session-cookie.server";
import { deleteSession } from "@/modules/auth/session.server";

export const POST: APIRoute = ({ locals, cookies }) =>
  handle(async () => {
    if (locals.sessionId) await deleteSession(db(), locals.sessionId);
    clearSessionCookie(cookies);
    return json({ ok: true });
  });
