import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { unauthenticated } from "@/lib/errors";
import { resetRateLimit, throttle } from "@/lib/rate-limit.server";
import { generatePassword } from "./admin-account.server";
import { hashPassword, verifyPassword } from "./password.server";
import type { LoginInput } from "./schema";
import { createSession, type SessionUser } from "./session.server";

const { users } = tables;
const WINDOW_MS = 15 * 60 * 1000;

/**
 * Sign-in throttles. Keyed by client as well as name, so guessing from one address can
 * never lock the owner out from another (OWASP ASVS 2.2.1).
 */
export const LOGIN_LIMITS = {
  perUserAndClient: { limit: 5, windowMs: WINDOW_MS },
  perClient: { limit: 30, windowMs: WINDOW_MS },
} as const;

export const INVALID_CREDENTIALS = "Invalid credentials";

// An unknown name is checked against this hash, so it costs the same time as a wrong
// password and the response does not reveal which names exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(generatePassword()));

/** Check a sign-in attempt; on success start a session and return its token and user. */
export async function login(db: Db, input: LoginInput, client: string): Promise<{ token: string; user: SessionUser }> {
  const userKey = `login:user:${input.username.toLowerCase()}:${client}`;
  await throttle(db, `login:client:${client}`, LOGIN_LIMITS.perClient);
  await throttle(db, userKey, LOGIN_LIMITS.perUserAndClient);
  const [user] = await db
    .select({ id: users.id, username: users.username, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, input.username))
    .limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  if (!user || !valid) throw unauthenticated(INVALID_CREDENTIALS);
  // The per-name limit is for guesses: the right password clears it.
  await resetRateLimit(db, userKey);
  const token = await createSession(db, user.id);
  return { token, user: { id: user.id, username: user.username, role: user.role } };
}
