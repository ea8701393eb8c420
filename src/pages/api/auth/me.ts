import type { APIRoute } from "astro";
import { handle, json } from "@/lib/http.server";

// Signing in arrives with the admin area; until then every caller is a visitor.
export const GET: APIRoute = () => handle(() => json({ error: "Not signed in" }, { status: 401 }));
