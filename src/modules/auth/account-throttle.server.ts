import { eq, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { rateLimited } from "@/lib/errors";

const { loginFailures } = tables;

/**
 * The cap on failed sign-ins to one account from clients it has not signed in from, across
 * all addresses (OWASP ASVS 2.2.1: at most 100 an hour). Past the first `slowAfter`
 * failures in the window, each attempt must wait after the last failure, twice as long
 * each time (1 s, 2 s, 4 s …) up to `maxDelaySeconds`.
 */
export const ACCOUNT_LIMIT = { limit: 100, windowMs: 60 * 60_000, slowAfter: 10, maxDelaySeconds: 30 } as const;

const { limit, windowMs, slowAfter, maxDelaySeconds } = ACCOUNT_LIMIT;
const { count, lastFailedAt, resetAt } = loginFailures;

// Time is the database's, as for every other limit, so instances with skewed clocks agree;
// a test may fix it instead.
const clock = (now?: Date): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

const delay = sql`(case when ${count} < ${slowAfter}::integer then 0
  else least(power(2, ${count} - ${slowAfter}::integer), ${maxDelaySeconds}::integer) end * interval '1 second')`;
// The next attempt may come at the window's end once the cap is reached, else after the delay.
const nextAllowedAt = sql`(case when ${count} >= ${limit}::integer then ${resetAt}
  else least(${lastFailedAt} + ${delay}, ${resetAt}) end)`;

/**
 * Count a failure on the account before its password is checked, or refuse the attempt
 * (429, saying when to try again) while the cap or the delay holds. Counting first, in one
 * upsert, means parallel guesses cannot all pass the check before any is recorded; the
 * right password gives its count back (`refundAccountFailure`). Refusing before the check
 * means the right password is refused too, so the cap reveals nothing about it.
 */
export async function reserveAccountFailure(db: Db, name: string, now?: Date): Promise<void> {
  const at = clock(now);
  const window = sql`(${windowMs}::double precision * interval '1 millisecond')`;
  const expired = sql`${resetAt} <= ${at}`;
  const [counted] = await db
    .insert(loginFailures)
    .values({ name, count: 1, lastFailedAt: at, resetAt: sql`${at} + ${window}` })
    .onConflictDoUpdate({
      target: loginFailures.name,
      set: {
        count: sql`case when ${expired} then 1 else ${count} + 1 end`,
        lastFailedAt: at,
        resetAt: sql`case when ${expired} then ${at} + ${window} else ${resetAt} end`,
      },
      setWhere: sql`${expired} or ${nextAllowedAt} <= ${at}`,
    })
    .returning({ count });
  if (counted) return;
  const [refused] = await db
    .select({ secondsLeft: sql<number>`ceil(extract(epoch from (${nextAllowedAt} - ${at})))::integer` })
    .from(loginFailures)
    .where(eq(loginFailures.name, name));
  throw rateLimited(Math.max(1, refused?.secondsLeft ?? 1));
}

/** Take back a counted failure: the password was right after all. */
export async function refundAccountFailure(db: Db, name: string): Promise<void> {
  await db
    .update(loginFailures)
    .set({ count: sql`greatest(${count} - 1, 0)` })
    .where(eq(loginFailures.name, name));
}

/** Forget the failures of windows that have ended; they count for nothing. */
export async function purgeExpiredLoginFailures(db: Db): Promise<void> {
  await db.delete(loginFailures).where(lt(resetAt, sql`now()`));
}
