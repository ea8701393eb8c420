import type { SessionUser } from "./session.server";

/** The user as auth responses show it: name and role, never an id, hash or session. */
export function serializeUser(user: SessionUser) {
  return { username: user.username, role: user.role };
}

export type UserJson = ReturnType<typeof serializeUser>;
