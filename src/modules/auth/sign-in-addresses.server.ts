import { and, desc, eq, gt, lt, notInArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";

const { signInAddresses, users } = tables;

/**
 * How many of an account's latest sign-in addresses are remembered, and for how long. Few
 * and recent: an address stops being trusted once the owner has moved on from it.
 */
export const REMEMBERED_ADDRESSES = { keep: 20, forDays: 30 } as const;

const forgetBefore = sql`now() - make_interval(days => ${REMEMBERED_ADDRESSES.forDays})`;

/** Remember that the account signed in from `address`, forgetting all but its latest few. */
export async function rememberAddress(db: Db, userId: number, address: string): Promise<void> {
  await db
    .insert(signInAddresses)
    .values({ userId, address })
    .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.address], set: { signedInAt: sql`now()` } });
  const latest = db
    .select({ address: signInAddresses.address })
    .from(signInAddresses)
    .where(eq(signInAddresses.userId, userId))
    .orderBy(desc(signInAddresses.signedInAt))
    .limit(REMEMBERED_ADDRESSES.keep);
  await db
    .delete(signInAddresses)
    .where(and(eq(signInAddresses.userId, userId), notInArray(signInAddresses.address, latest)));
}

/** Whether the account named `username` signed in from `address` lately. */
export async function hasSignedInFrom(db: Db, username: string, address: string): Promise<boolean> {
  const [row] = await db
    .select({ address: signInAddresses.address })
    .from(signInAddresses)
    .innerJoin(users, eq(users.id, signInAddresses.userId))
    .where(
      and(
        eq(users.username, username),
        eq(signInAddresses.address, address),
        gt(signInAddresses.signedInAt, forgetBefore),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Forget addresses not signed in from lately; they are no longer trusted anyway. */
export async function purgeOldAddresses(db: Db): Promise<void> {
  await db.delete(signInAddresses).where(lt(signInAddresses.signedInAt, forgetBefore));
}
