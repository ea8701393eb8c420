import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { signInAgain, unauthenticated } from "@/lib/errors";
import { resetRateLimit, throttle } from "@/lib/rate-limit.server";
import type { SessionUser } from "@/lib/session-user";
import { refundAccountFailure, reserveAccountFailure } from "./account-throttle.server";
import type { ProofMethod, SignInMethod } from "./account-views";
import { SESSION_TOKEN } from "./cookie";
import { issueDeviceToken } from "./device-token.server";
import { accountFactors, proofMethods } from "./factors.server";
import { clientKey, LOGIN_LIMITS } from "./login-limits";
import { spendRecoveryCode } from "./recovery-codes.server";
import { newToken, tokenMatches } from "./session.server";
import { completeSignIn, type SignInClient } from "./sign-ins.server";
import { checkTotp } from "./totp-factor.server";
import { TOTP_CODE } from "./totp";

const { pendingSignIns, users } = tables;

/** How long the second step waits after the password, and how many wrong codes it takes. */
export const SECOND_STEP = { ttlMs: 5 * 60_000, failures: 5 } as const;

export const INVALID_CODE = "Invalid code";

/** A code that proved the account holder: which kind, and for a recovery code how many are left. */
export interface CodeProof {
  method: "totp" | "recovery-code";
  recoveryCodesLeft?: number;
}

/**
 * Check a code the account holder typed: six digits are an authenticator's code, anything
 * else a recovery code. Either is spent by passing: it passes once.
 */
export async function checkCode(db: Db, userId: number, typed: string, now?: Date): Promise<CodeProof | null> {
  const code = typed.replace(/\s/g, "");
  if (TOTP_CODE.test(code)) return (await checkTotp(db, userId, code, now)) ? { method: "totp" } : null;
  const left = await spendRecoveryCode(db, userId, code);
  return left === null ? null : { method: "recovery-code", recoveryCodesLeft: left };
}

/** The password was right and the account has a second factor: a pending step, its token for a short cookie, and what it takes. */
export async function startSecondStep(db: Db, userId: number): Promise<{ token: string; methods: ProofMethod[] }> {
  const { id, secretHash, token } = newToken();
  await db
    .insert(pendingSignIns)
    .values({ id, secretHash, userId, expiresAt: new Date(Date.now() + SECOND_STEP.ttlMs) });
  const methods = proofMethods(await accountFactors(db, userId)).filter((method) => method !== "password");
  return { token, methods };
}

async function pendingOf(db: Db, token: string | undefined) {
  const [, id = "", secret = ""] = SESSION_TOKEN.exec(token ?? "") ?? [];
  const [row] = id
    ? await db
        .select({ id: pendingSignIns.id, secretHash: pendingSignIns.secretHash, user: users })
        .from(pendingSignIns)
        .innerJoin(users, eq(users.id, pendingSignIns.userId))
        .where(and(eq(pendingSignIns.id, id), gt(pendingSignIns.expiresAt, sql`now()`)))
    : [];
  if (!row || !tokenMatches(secret, row.secretHash)) {
    throw signInAgain("The sign-in took too long or was started elsewhere. Enter your password again.");
  }
  return row;
}

/**
 * The second step of a sign-in: the pending step's token (from its cookie) and a code. The
 * same limits as the password's hold (per client, per account and client, and the
 * account-wide cap), and a pending step takes five wrong codes before the password must be
 * given again. Returns what a sign-in returns; `recoveryCodesLeft` when a recovery code was used.
 */
export async function completeSecondStep(
  db: Db,
  pendingToken: string | undefined,
  code: string,
  client: SignInClient,
  now?: Date,
): Promise<{ token: string; user: SessionUser; deviceToken: string; recoveryCodesLeft?: number }> {
  await throttle(db, clientKey(client.address), LOGIN_LIMITS.perClient);
  const pending = await pendingOf(db, pendingToken);
  const { user } = pending;
  const name = user.username.toLowerCase();
  const userKey = `login:second:${String(user.id)}:${client.address}`;
  await throttle(db, userKey, LOGIN_LIMITS.perUserAndClient);
  await reserveAccountFailure(db, name, now);
  const proof = await checkCode(db, user.id, code, now);
  if (!proof) {
    const [counted] = await db
      .update(pendingSignIns)
      .set({ failures: sql`${pendingSignIns.failures} + 1` })
      .where(eq(pendingSignIns.id, pending.id))
      .returning({ failures: pendingSignIns.failures });
    if ((counted?.failures ?? SECOND_STEP.failures) >= SECOND_STEP.failures) {
      await db.delete(pendingSignIns).where(eq(pendingSignIns.id, pending.id));
      throw signInAgain("Too many wrong codes. Enter your password again.");
    }
    throw unauthenticated(INVALID_CODE);
  }
  await db.delete(pendingSignIns).where(eq(pendingSignIns.id, pending.id));
  await refundAccountFailure(db, name);
  await resetRateLimit(db, userKey);
  const method: SignInMethod = proof.method === "totp" ? "password+totp" : "password+recovery-code";
  return {
    token: await completeSignIn(db, user.id, method, client),
    user: { id: user.id, username: user.username, role: user.role },
    deviceToken: await issueDeviceToken(db, user.username),
    recoveryCodesLeft: proof.recoveryCodesLeft,
  };
}

/** Forget second steps nobody finished in time. */
export async function purgeExpiredSecondSteps(db: Db): Promise<void> {
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, sql`now()`));
}
