import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { STEP_UP_MS } from "@/lib/define-route.server";
import { invalid, unauthenticated } from "@/lib/errors";
import { resetRateLimit, throttle } from "@/lib/rate-limit.server";
import type { SessionUser } from "@/lib/session-user";
import { refundAccountFailure, reserveAccountFailure } from "./account-throttle.server";
import { accountFactors, hasSecondFactor } from "./factors.server";
import { LOGIN_LIMITS } from "./login-limits";
import { verifyPasskey, type RelyingParty } from "./passkeys.server";
import { verifyPassword } from "./password.server";
import { checkCode, INVALID_CODE } from "./second-step.server";

const { sessions, users } = tables;

/** Until when a proof made at `provenAt` lasts. */
export const freshUntil = (provenAt: Date): Date => new Date(provenAt.getTime() + STEP_UP_MS);

/** What the holder of a session gives to prove again who they are: one of these. */
export type Proof = { password: string } | { code: string } | { passkey: AuthenticationResponseJSON; rp: RelyingParty };

/**
 * Prove again who holds the session `sessionId`: with a passkey or a code when the account
 * has a second factor, else with its password. Guesses are limited per account (five in a
 * quarter of an hour, and the account-wide cap) as a sign-in's are. Returns until when the
 * proof lasts, and how many recovery codes are left when one was used.
 */
export async function reauthenticate(
  db: Db,
  user: SessionUser,
  sessionId: string,
  proof: Proof,
  now?: Date,
): Promise<{ freshUntil: string; recoveryCodesLeft?: number }> {
  // With a second factor, the password alone proves no more here than at sign-in.
  if ("password" in proof && hasSecondFactor(await accountFactors(db, user.id))) {
    throw invalid("Confirm with a passkey or a code: the password alone is not enough here.", "password");
  }
  const key = `reauthenticate:${String(user.id)}`;
  await throttle(db, key, LOGIN_LIMITS.perUserAndClient);
  const name = user.username.toLowerCase();
  await reserveAccountFailure(db, name, now);
  let recoveryCodesLeft: number | undefined;
  if ("passkey" in proof) {
    await verifyPasskey(db, proof.rp, proof.passkey, "reauthenticate", { userId: user.id, sessionId });
  } else if ("code" in proof) {
    const passed = await checkCode(db, user.id, proof.code, now);
    if (!passed) throw unauthenticated(INVALID_CODE);
    recoveryCodesLeft = passed.recoveryCodesLeft;
  } else {
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!row || !(await verifyPassword(row.hash, proof.password))) throw unauthenticated("Invalid password");
  }
  await refundAccountFailure(db, name);
  await resetRateLimit(db, key);
  const provenAt = now ?? new Date();
  await db.update(sessions).set({ provenAt }).where(eq(sessions.id, sessionId));
  return { freshUntil: freshUntil(provenAt).toISOString(), recoveryCodesLeft };
}
