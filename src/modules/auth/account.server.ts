import { desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import type { SessionUser } from "@/lib/session-user";
import type { AccountView, SignInMethod } from "./account-views";
import { deviceName } from "./device-name";
import { accountFactors } from "./factors.server";
import { listPasskeys } from "./passkeys.server";
import { hashPassword } from "./password.server";
import { deleteOtherSessions } from "./session.server";
import { recentSignIns } from "./sign-ins.server";
import { isFresh } from "@/lib/define-route.server";
import { freshUntil } from "./step-up.server";

const { sessions, users } = tables;

/** The account as its page shows it, seen from the session `current` whose last proof was at `provenAt`. */
export async function accountView(
  db: Db,
  user: SessionUser,
  current: { id: string; provenAt: Date },
  now = new Date(),
): Promise<AccountView> {
  const [factors, passkeys, signIns, open] = await Promise.all([
    accountFactors(db, user.id),
    listPasskeys(db, user.id),
    recentSignIns(db, user.id),
    db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(desc(sessions.createdAt)),
  ]);
  return {
    username: user.username,
    passkeys,
    totp: factors.totp,
    recoveryCodesLeft: factors.recoveryCodesLeft,
    freshUntil: isFresh(current.provenAt, now) ? freshUntil(current.provenAt).toISOString() : null,
    sessions: open.map((session) => ({
      current: session.id === current.id,
      method: session.method as SignInMethod,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastVerifiedAt.toISOString(),
      device: deviceName(session.userAgent),
      address: session.address,
    })),
    signIns,
  };
}

/** A new password for the account; every session but this one ends, as a changed password should. */
export async function changePassword(db: Db, userId: number, sessionId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await deleteOtherSessions(db, userId, sessionId);
}
