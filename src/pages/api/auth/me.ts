import type { APIRoute } from "astro";
import { handle, HttpError, json } from "@/lib/http.server";
import { serializeUser } from "@/modules/auth/serialize";

export const GET: APIRoute = ({ locals }) =>
  handle(() => {
    if (!locals.user) throw new HttpError(401, "Not signed in");
    return json({ user: serializeUser(locals.user) });
  });
