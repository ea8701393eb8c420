import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { rateLimited } from "@/lib/errors";

const { rateLimits } = tables;

export interface RateLimit {
  /** Hits allowed per window. */
  limit: number;
  /** Length of the window, from the first hit in it. */
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Whole seconds until the window resets (at least 1) when refused; 0 when allowed. */
  retryAfterSeconds: number;
}

// One hit in this many also sweeps expired rows, so keys nobody reuses (every address
// ever tried) cannot grow the table without bound. A sweep is one DELETE.
const PURGE_ONE_IN = 100;

/**
 * Count one hit on `key` in a fixed window and say whether it is within the limit.
 *
 * One upsert does the read, the reset and the increment, so concurrent hits on a key
 * (several instances, or one attacker's parallel requests) each see a distinct count and
 * no more than `limit` are ever allowed. Time is the database's `now()`, not the app's,
 * so instances with skewed clocks agree on when a window ends.
 *
 * @example
 * const { allowed, retryAfterSeconds } = await hitRateLimit(db, `login:client:${ip}`, {
 *   limit: 10,
 *   windowMs: 15 * 60_000,
 * });
 */
export async function hitRateLimit(db: Db, key: string, { limit, windowMs }: RateLimit): Promise<RateLimitResult> {
  const window = sql`(${windowMs}::double precision * interval '1 millisecond')`;
  const expired = sql`${rateLimits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then now() + ${window} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      secondsLeft: sql<number>`ceil(extract(epoch from (${rateLimits.resetAt} - now())))::integer`,
    });
  if (!row) throw new Error(`rate limit upsert returned no row for ${key}`);

  if (Math.random() * PURGE_ONE_IN < 1) await purgeExpiredRateLimits(db);

  const allowed = row.count <= limit;
  return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, row.secondsLeft) };
}

/**
 * The one throttle: count a hit on `key` and refuse it with a `rate_limited` error (telling
 * when to try again) once the limit is passed.
 */
export async function throttle(db: Db, key: string, limit: RateLimit): Promise<void> {
  const { allowed, retryAfterSeconds } = await hitRateLimit(db, key, limit);
  if (!allowed) throw rateLimited(retryAfterSeconds);
}

/**
 * Delete every counter whose window has ended. Safe at any time: an expired row counts
 * the same as no row. There is no index on `reset_at`, so this scans the table; that is
 * why it runs on a fraction of hits rather than on each one.
 */
export async function purgeExpiredRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}

/** Forget the hits on `key`, e.g. a name's failed sign-ins once the right password is given. */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
