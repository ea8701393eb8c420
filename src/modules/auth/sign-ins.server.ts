import { desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import type { SignInMethod, SignInView } from "./account-views";
import { deviceName } from "./device-name";
import { createSession, USER_AGENT_MAX } from "./session.server";
import { rememberAddress } from "./sign-in-addresses.server";

const { signIns } = tables;

/** Who is signing in: the client's address as throttles key it, and the user agent it sent. */
export interface SignInClient {
  address: string;
  userAgent: string;
}

/** Sign-ins older than this are forgotten: the list is for spotting a stranger, not an archive. */
const KEEP_DAYS = 90;
const SHOWN = 20;

/**
 * A sign-in that proved all it had to: start its session, write it in the account's list,
 * and remember the address (guesses from it no longer count against the account). The token.
 */
export async function completeSignIn(
  db: Db,
  userId: number,
  method: SignInMethod,
  client: SignInClient,
): Promise<string> {
  const userAgent = client.userAgent.slice(0, USER_AGENT_MAX);
  await db.insert(signIns).values({ userId, method, address: client.address, userAgent });
  await rememberAddress(db, userId, client.address);
  return createSession(db, userId, { method, address: client.address, userAgent });
}

/** The account's latest sign-ins, newest first. */
export async function recentSignIns(db: Db, userId: number): Promise<SignInView[]> {
  const rows = await db
    .select()
    .from(signIns)
    .where(eq(signIns.userId, userId))
    .orderBy(desc(signIns.at), desc(signIns.id))
    .limit(SHOWN);
  return rows.map((row) => ({
    at: row.at.toISOString(),
    method: row.method as SignInMethod,
    device: deviceName(row.userAgent),
    address: row.address,
  }));
}

/** Forget sign-ins past the time they are kept. */
export async function purgeOldSignIns(db: Db): Promise<void> {
  await db.delete(signIns).where(lt(signIns.at, sql`now() - make_interval(days => ${KEEP_DAYS})`));
}
