import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { unauthenticated } from "@/lib/errors";
import { resetRateLimit, throttle } from "@/lib/rate-limit.server";
import { refundAccountFailure, reserveAccountFailure } from "./account-throttle.server";
import { generatePassword } from "./admin-account.server";
import { deviceOf, issueDeviceToken } from "./device-token.server";
import { hashPassword, verifyPassword } from "./password.server";
import type { LoginInput } from "./schema";
import type { SessionUser } from "@/lib/session-user";
import { createSession } from "./session.server";
import { hasSignedInFrom, rememberAddress } from "./sign-in-addresses.server";

const { users } = tables;
const WINDOW_MS = 15 * 60 * 1000;

/**
 * Sign-in throttles. Keyed by client as well as name, so guessing from one address can
 * never lock the owner out from another (OWASP ASVS 2.2.1). A browser holding the name's
 * device cookie has its own limit instead of the account-wide cap (`ACCOUNT_LIMIT`).
 */
export const LOGIN_LIMITS = {
  perUserAndClient: { limit: 5, windowMs: WINDOW_MS },
  perClient: { limit: 30, windowMs: WINDOW_MS },
  perDevice: { limit: 5, windowMs: WINDOW_MS },
} as const;

export const INVALID_CREDENTIALS = "Invalid credentials";

/** Who is trying: the client's address, and the device token its browser holds, if any. */
export interface LoginClient {
  address: string;
  deviceToken?: string;
}

// An unknown name is checked against this hash, so it costs the same time as a wrong
// password and the response does not reveal which names exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(generatePassword()));

/**
 * Which limit judges an attempt beyond the per-client ones, so that many addresses
 * guessing one password cannot lock its owner out: the owner's browser (a valid device
 * token for this name) has a limit of its own; an address the account signed in from
 * lately needs nothing more; anyone else counts against the account-wide cap.
 */
async function admit(db: Db, username: string, { address, deviceToken }: LoginClient, now?: Date) {
  const device = await deviceOf(db, username, deviceToken);
  if (device) {
    const deviceKey = `login:device:${device}`;
    await throttle(db, deviceKey, LOGIN_LIMITS.perDevice);
    return { deviceKey, counted: false };
  }
  if (await hasSignedInFrom(db, username, address)) return { counted: false };
  await reserveAccountFailure(db, username.toLowerCase(), now);
  return { counted: true };
}

/**
 * Check a sign-in attempt; on success start a session and return its token, the user, and
 * a new device token for the browser. `now` is the database's clock unless a test fixes it.
 */
export async function login(
  db: Db,
  input: LoginInput,
  client: LoginClient,
  now?: Date,
): Promise<{ token: string; user: SessionUser; deviceToken: string }> {
  const userKey = `login:user:${input.username.toLowerCase()}:${client.address}`;
  await throttle(db, `login:client:${client.address}`, LOGIN_LIMITS.perClient);
  await throttle(db, userKey, LOGIN_LIMITS.perUserAndClient);
  const { deviceKey, counted } = await admit(db, input.username, client, now);
  const [user] = await db
    .select({ id: users.id, username: users.username, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, input.username))
    .limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  if (!user || !valid) throw unauthenticated(INVALID_CREDENTIALS);
  // The limits on a name are for guesses: the right password clears them.
  if (counted) await refundAccountFailure(db, input.username.toLowerCase());
  await resetRateLimit(db, userKey);
  if (deviceKey) await resetRateLimit(db, deviceKey);
  await rememberAddress(db, user.id, client.address);
  const token = await createSession(db, user.id);
  return {
    token,
    user: { id: user.id, username: user.username, role: user.role },
    deviceToken: await issueDeviceToken(db, user.username),
  };
}
