import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { hashPassword, verifyPassword } from "./password.server";

const { recoveryCodes } = tables;

export const RECOVERY_CODE_COUNT = 10;

/** How a recovery code is written: two groups of five letters and digits, 50 random bits. */
export const RECOVERY_CODE = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

/** A code as typed (any case, spaces, a dash or none) in the form it was issued in, or null if it cannot be one. */
export function normalRecoveryCode(typed: string): string | null {
  const bare = typed.toLowerCase().replace(/[\s-]/g, "");
  const code = `${bare.slice(0, 5)}-${bare.slice(5)}`;
  return RECOVERY_CODE.test(code) ? code : null;
}

function newCode(): string {
  const bare = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(7))).slice(0, 10);
  return `${bare.slice(0, 5)}-${bare.slice(5)}`;
}

/**
 * Ten new codes for the account, replacing any it had: returned once, to be shown once,
 * and stored only as argon2id hashes, since 50 bits are too few to store bare (ASVS 6.5.2).
 */
export async function issueRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(code)));
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  });
  return codes;
}

/** How many of the account's codes are still unused. */
export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/**
 * Spend one of the account's unused codes: the number left after it, or null when `typed`
 * is none of them. Of two uses of one code at once, one wins.
 */
export async function spendRecoveryCode(db: Db, userId: number, typed: string): Promise<number | null> {
  const code = normalRecoveryCode(typed);
  if (!code) return null;
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verifyPassword(row.codeHash, code))) continue;
    const [spent] = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return spent ? recoveryCodesLeft(db, userId) : null;
  }
  return null;
}
