import { HttpError } from "@/lib/http.server";
import type { SessionUser } from "./session.server";

/**
 * The signed-in admin, or the error every admin endpoint answers with: 401 for a visitor,
 * 403 for anyone signed in without the admin role. Deny by default.
 */
export function requireAdmin(locals: App.Locals): SessionUser {
  if (!locals.user) throw new HttpError(401, "Sign in required");
  if (locals.user.role !== "admin") throw new HttpError(403, "Admins only");
  return locals.user;
}
