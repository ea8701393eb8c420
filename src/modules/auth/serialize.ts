import type { SessionUser } from "@/lib/session-user";
import type { PublicUser } from "./user";

/** The user as auth responses show it: name and role, never an id, hash or session. */
export function serializeUser(user: SessionUser): PublicUser {
  return { username: user.username, role: user.role };
}
