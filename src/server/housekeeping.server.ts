import { purgeExpiredLoginFailures } from "@/modules/auth/account-throttle.server";
import { deleteExpiredSessions } from "@/modules/auth/session.server";
import { purgeOldAddresses } from "@/modules/auth/sign-in-addresses.server";
import { purgeExpiredChallenges } from "@/modules/auth/challenges.server";
import { purgeExpiredSecondSteps } from "@/modules/auth/second-step.server";
import { purgeOldSignIns } from "@/modules/auth/sign-ins.server";
import { purgeExpiredClaims } from "@/modules/uploads/upload-claims.server";
import { purgeUnconfirmed } from "@/modules/newsletter/newsletter.server";
import { forgetClosedDays } from "@/modules/analytics/record.server";
import { sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client.ts";
import type { Db } from "../lib/db.server";
import { purgeExpiredRateLimits } from "../lib/rate-limit.server";

/**
 * Delete sessions past their timeouts, rate-limit counters and sign-in failures whose
 * window has ended, sign-in addresses no longer remembered, passkey challenges and second
 * steps nobody answered in time, sign-ins older than the account page lists, spent upload keys no URL can use any more,
 * newsletter addresses never confirmed, and the visitor sketches and salts of closed days.
 */
export async function purgeExpired(db: Db): Promise<void> {
  await deleteExpiredSessions(db);
  await purgeExpiredRateLimits(db);
  await purgeExpiredLoginFailures(db);
  await purgeOldAddresses(db);
  await purgeExpiredChallenges(db);
  await purgeExpiredSecondSteps(db);
  await purgeOldSignIns(db);
  await purgeExpiredClaims(db);
  await purgeUnconfirmed(db);
  await forgetClosedDays(db);
}

/**
 * Bring the embedded database's planner statistics up to date. PostgreSQL's autovacuum does
 * this on a server; PGlite runs none, and a listing planned on the statistics of an empty
 * table reads every row once the archive has grown.
 */
export async function refreshStatistics(database: Pick<DbHandle, "db" | "engine">): Promise<void> {
  if (database.engine === "postgres") return;
  await database.db.execute(sql`analyze`);
}
