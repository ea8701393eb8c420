import { and, count, eq, isNotNull, ne } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import type { ProofMethod, SignInMethod } from "./account-views";
import { issueRecoveryCodes, recoveryCodesLeft } from "./recovery-codes.server";

const { passkeys, totpFactors, recoveryCodes, sessions } = tables;

/** Which factors an account has, as the dashboard and the account page say it. */
export interface AccountFactors {
  passkeys: number;
  totp: boolean;
  recoveryCodesLeft: number;
}

export async function accountFactors(db: Db, userId: number): Promise<AccountFactors> {
  const [[keys], [app], left] = await Promise.all([
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    db
      .select({ n: count() })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt))),
    recoveryCodesLeft(db, userId),
  ]);
  return { passkeys: keys?.n ?? 0, totp: (app?.n ?? 0) > 0, recoveryCodesLeft: left };
}

export const hasSecondFactor = (factors: AccountFactors): boolean => factors.passkeys > 0 || factors.totp;

/** What proves the account holder now: its factors, or, with none, its password. */
export function proofMethods(factors: AccountFactors): ProofMethod[] {
  if (!hasSecondFactor(factors)) return ["password"];
  const methods: ProofMethod[] = [];
  if (factors.passkeys > 0) methods.push("passkey");
  if (factors.totp) methods.push("totp");
  if (factors.recoveryCodesLeft > 0) methods.push("recovery-code");
  return methods;
}

/**
 * The account gained its first second factor, proven just now in session `sessionId`: that
 * session counts as made with it, every other session made with a password alone ends (it
 * would no longer be enough), and the account gets its recovery codes, returned to be shown once.
 */
export async function firstFactorAdded(
  db: Db,
  userId: number,
  sessionId: string,
  method: SignInMethod,
): Promise<string[]> {
  await db
    .update(sessions)
    .set({ method, provenAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.method, "password"), ne(sessions.id, sessionId)));
  return issueRecoveryCodes(db, userId);
}

/** A factor was removed; with none left, the recovery codes go too: there is nothing left to recover. */
export async function factorRemoved(db: Db, userId: number): Promise<void> {
  if (hasSecondFactor(await accountFactors(db, userId))) return;
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
