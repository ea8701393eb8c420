import { purgeExpiredLoginFailures } from "@/modules/auth/account-throttle.server";
import { deleteExpiredSessions } from "@/modules/auth/session.server";
import { purgeOldAddresses } from "@/modules/auth/sign-in-addresses.server";
import { purgeExpiredGrants } from "@/modules/uploads/upload-grants.server";
import type { Db } from "../lib/db.server";
import { purgeExpiredRateLimits } from "../lib/rate-limit.server";

/** How often expired rows are swept: often enough that the tables stay small, rarely enough to cost nothing. */
export const HOUSEKEEPING_EVERY_MS = 60 * 60_000;

/**
 * Delete sessions past their timeouts, rate-limit counters and sign-in failures whose
 * window has ended, sign-in addresses no longer remembered, and lapsed upload grants.
 */
export async function purgeExpired(db: Db): Promise<void> {
  await deleteExpiredSessions(db);
  await purgeExpiredRateLimits(db);
  await purgeExpiredLoginFailures(db);
  await purgeOldAddresses(db);
  await purgeExpiredGrants(db);
}

/**
 * Sweep expired rows now and then every `everyMs`, for as long as the process runs.
 * Nothing else deletes a session nobody comes back with, or a counter for an address
 * never seen again. Every instance may sweep; the deletes are idempotent. Returns a stop.
 */
export function scheduleHousekeeping(db: Db, everyMs = HOUSEKEEPING_EVERY_MS): () => void {
  const sweep = () =>
    void purgeExpired(db).catch((error: unknown) => {
      console.error("Could not purge expired rows:", error);
    });
  sweep();
  const timer = setInterval(sweep, everyMs);
  // A pending sweep must not keep a stopping process alive.
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
