import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { unauthenticated } from "@/lib/errors";
import { resetRateLimit, throttle } from "@/lib/rate-limit.server";
import type { SessionUser } from "@/lib/session-user";
import { refundAccountFailure, reserveAccountFailure } from "./account-throttle.server";
import type { ProofMethod } from "./account-views";
import { generatePassword } from "./admin-account.server";
import { deviceOf, issueDeviceToken } from "./device-token.server";
import { clientKey, LOGIN_LIMITS } from "./login-limits";
import { hashPassword, verifyPassword } from "./password.server";
import type { LoginInput } from "./schema";
import { startSecondStep } from "./second-step.server";
import { hasSecondFactorSql } from "./session.server";
import { hasSignedInFrom } from "./sign-in-addresses.server";
import { completeSignIn, type SignInClient } from "./sign-ins.server";

const { users } = tables;

export const INVALID_CREDENTIALS = "Invalid credentials";

/** Who is trying: the client's address and user agent, and the device token its browser holds, if any. */
export interface LoginClient extends SignInClient {
  deviceToken?: string;
}

/** What a right password leads to: a session, or, for an account with a second factor, the second step. */
export type LoginOutcome =
  | { kind: "session"; token: string; user: SessionUser; deviceToken: string }
  | { kind: "second-step"; pendingToken: string; methods: ProofMethod[] };

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
 * Check a sign-in's password. Right, it starts a session (with the session's token, the
 * user, and a new device token for the browser), unless the account has a second factor:
 * then a password alone never makes a session, only a pending second step (ASVS 6.3.2).
 * `now` is the database's clock unless a test fixes it.
 */
export async function login(db: Db, input: LoginInput, client: LoginClient, now?: Date): Promise<LoginOutcome> {
  const userKey = `login:user:${input.username.toLowerCase()}:${client.address}`;
  await throttle(db, clientKey(client.address), LOGIN_LIMITS.perClient);
  await throttle(db, userKey, LOGIN_LIMITS.perUserAndClient);
  const { deviceKey, counted } = await admit(db, input.username, client, now);
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      passwordHash: users.passwordHash,
      secondFactor: hasSecondFactorSql(),
    })
    .from(users)
    .where(eq(users.username, input.username))
    .limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  if (!user || !valid) throw unauthenticated(INVALID_CREDENTIALS);
  // The limits on a name are for guesses: the right password clears them.
  if (counted) await refundAccountFailure(db, input.username.toLowerCase());
  await resetRateLimit(db, userKey);
  if (deviceKey) await resetRateLimit(db, deviceKey);
  if (user.secondFactor) {
    const { token, methods } = await startSecondStep(db, user.id);
    return { kind: "second-step", pendingToken: token, methods };
  }
  return {
    kind: "session",
    token: await completeSignIn(db, user.id, "password", client),
    user: { id: user.id, username: user.username, role: user.role },
    deviceToken: await issueDeviceToken(db, user.username),
  };
}
