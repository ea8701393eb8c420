import { validateSessionToken } from "@/modules/auth/session.server";
import type { Db } from "@/lib/db.server";
import type { CountedHit, ReportedHit } from "./hit";
import { recordHits } from "./record.server";

/** How long a session's answer (admin or not) is trusted, and how many are kept. */
const SESSION_MEMORY_MS = 60_000;
const SESSIONS_REMEMBERED = 1000;

/**
 * Counts the hits the front server passes on, leaving out the owner's own reading: a hit
 * whose session is an admin's is not a visitor's. A session's answer is kept a minute, so
 * an admin browsing costs one lookup, not one per page. The beacons the front turned away
 * are added to the day's count of them.
 */
export function hitCounter(db: () => Db, now: () => Date = () => new Date()) {
  const admins = new Map<string, { admin: boolean; until: number }>();
  const isAdmin = async (token: string): Promise<boolean> => {
    const time = now().getTime();
    const known = admins.get(token);
    if (known && known.until > time) return known.admin;
    const session = await validateSessionToken(db(), token, now());
    const admin = session?.user.role === "admin";
    if (admins.size >= SESSIONS_REMEMBERED) admins.clear();
    admins.set(token, { admin, until: time + SESSION_MEMORY_MS });
    return admin;
  };
  return async (hits: readonly ReportedHit[], turnedAway = 0): Promise<void> => {
    const counted: CountedHit[] = [];
    for (const { session, ...hit } of hits) {
      if (session === undefined || !(await isAdmin(session))) counted.push(hit);
    }
    await recordHits(db(), counted, now(), turnedAway);
  };
}
