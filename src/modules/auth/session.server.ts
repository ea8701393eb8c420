// Sessions as the Lucia guide describes them (lucia-auth.com, "Basic session
// implementation"), with inactivity and absolute expiry.
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import type { SessionUser } from "@/lib/session-user";
import type { SignInMethod } from "./account-views";
import { SESSION_TOKEN } from "./cookie";

const { sessions, users, passkeys, totpFactors } = tables;

const HOUR = 60 * 60 * 1000;
/** A session unused this long ends (OWASP ASVS 3.3.2). */
export const IDLE_TIMEOUT_MS = 24 * HOUR;
/** And every session ends this long after sign-in, used or not. */
export const ABSOLUTE_TIMEOUT_MS = 14 * 24 * HOUR;
// Renewing the idle timer costs a write; once an hour is precise enough.
const RENEW_AFTER_MS = HOUR;

export interface ValidSession {
  id: string;
  user: SessionUser;
  createdAt: Date;
  method: SignInMethod;
  /** When its holder last proved who they are (signing in, or confirming it since). */
  provenAt: Date;
}

/** How a session is being made: the factors proven, and the browser that proved them. */
export interface SessionOrigin {
  method: SignInMethod;
  address: string;
  userAgent: string;
}

/**
 * In a query of `users`, whether the account has a second factor: a passkey, or a confirmed
 * authenticator app. The column is named with its table, which a query of one table leaves out.
 */
export const hasSecondFactorSql = (): SQL<boolean> => {
  const userId = sql`${users}.${sql.identifier(users.id.name)}`;
  return sql<boolean>`(exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})
    or exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null))`;
};

/** 120 random bits in base32: guessing one is hopeless, and it is safe in a cookie. */
function randomId(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)));
}

const hashSecret = (secret: string): Uint8Array => sha256(new TextEncoder().encode(secret));

/** A token `<id>.<secret>` and what is stored of it: only the secret's hash, so a leaked table signs no one in. */
export function newToken(): { id: string; secretHash: Uint8Array; token: string } {
  const id = randomId();
  const secret = randomId();
  return { id, secretHash: hashSecret(secret), token: `${id}.${secret}` };
}

/** Whether `token` is `<id>.<secret>` with the secret whose hash was stored; constant time. */
export function tokenMatches(secret: string, secretHash: Uint8Array): boolean {
  return constantTimeEqual(hashSecret(secret), new Uint8Array(secretHash));
}

/** What a user agent header may fill in a row: plenty for any real browser's. */
export const USER_AGENT_MAX = 512;

/** Start a session for a user; returns the token for the cookie (its secret is never stored). */
export async function createSession(
  db: Db,
  userId: number,
  origin: SessionOrigin = { method: "password", address: "", userAgent: "" },
): Promise<string> {
  const { id, secretHash, token } = newToken();
  await db.insert(sessions).values({
    id,
    userId,
    secretHash,
    method: origin.method,
    address: origin.address,
    userAgent: origin.userAgent.slice(0, USER_AGENT_MAX),
  });
  return token;
}

/** The session a token names, if it is genuine and unexpired; renews its idle timer hourly. */
export async function validateSessionToken(db: Db, token: string, now = new Date()): Promise<ValidSession | null> {
  const match = SESSION_TOKEN.exec(token);
  if (!match) return null;
  const [, id = "", secret = ""] = match;
  const [row] = await db
    .select({
      id: sessions.id,
      secretHash: sessions.secretHash,
      createdAt: sessions.createdAt,
      lastVerifiedAt: sessions.lastVerifiedAt,
      method: sessions.method,
      provenAt: sessions.provenAt,
      secondFactor: hasSecondFactorSql(),
      userId: users.id,
      username: users.username,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  // Constant time, so the comparison leaks nothing about how much of a guess was right.
  if (!tokenMatches(secret, row.secretHash)) return null;
  const time = now.getTime();
  // A password alone no longer signs in once the account has a second factor: a session
  // made by one before the factor was added ends (ASVS 6.3.2).
  const weak = row.method === "password" && row.secondFactor;
  if (
    weak ||
    time - row.createdAt.getTime() >= ABSOLUTE_TIMEOUT_MS ||
    time - row.lastVerifiedAt.getTime() >= IDLE_TIMEOUT_MS
  ) {
    await deleteSession(db, id);
    return null;
  }
  if (time - row.lastVerifiedAt.getTime() >= RENEW_AFTER_MS) {
    await db.update(sessions).set({ lastVerifiedAt: now }).where(eq(sessions.id, id));
  }
  return {
    id,
    createdAt: row.createdAt,
    method: row.method as SignInMethod,
    provenAt: row.provenAt,
    user: { id: row.userId, username: row.username, role: row.role },
  };
}

/** End one session (logout). */
export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** End every session of a user (password or role changed). */
export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** End every session of a user but `keep`: "sign out everywhere else". The number ended. */
export async function deleteOtherSessions(db: Db, userId: number, keep: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Forget sessions past either timeout; they could not be used anyway. */
export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.createdAt, new Date(now.getTime() - ABSOLUTE_TIMEOUT_MS)),
        lt(sessions.lastVerifiedAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
      ),
    );
}

/** The token's session id, for dropping a session sent with a sign-in request. */
export function sessionIdOf(token: string): string | null {
  return SESSION_TOKEN.exec(token)?.[1] ?? null;
}
