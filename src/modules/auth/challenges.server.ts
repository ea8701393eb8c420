import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";

const { authChallenges } = tables;

/** What a WebAuthn challenge is for: each is answered only for what it was made for. */
export type ChallengePurpose = "sign-in" | "register" | "reauthenticate";

/** Who a challenge was made for: nobody yet (a sign-in), an account, or one session. */
export interface ChallengeOwner {
  userId?: number;
  sessionId?: string;
}

// Long enough for a sign-in page left open with the browser's autofill waiting on it.
const CHALLENGE_TTL_MS = 10 * 60_000;

/** A new random challenge (32 bytes, base64url, as WebAuthn sends it back), kept until answered or expired. */
export async function issueChallenge(db: Db, purpose: ChallengePurpose, owner: ChallengeOwner = {}): Promise<string> {
  const challenge = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  await db.insert(authChallenges).values({
    challenge,
    purpose,
    userId: owner.userId ?? null,
    sessionId: owner.sessionId ?? null,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return challenge;
}

/**
 * Use up a challenge an authenticator signed: true once, if it was made for this purpose
 * and owner and has not expired; any later answer to it is refused (a replay).
 */
export async function consumeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  owner: ChallengeOwner = {},
): Promise<boolean> {
  const used = await db
    .delete(authChallenges)
    .where(
      and(
        eq(authChallenges.challenge, challenge),
        eq(authChallenges.purpose, purpose),
        owner.userId === undefined ? undefined : eq(authChallenges.userId, owner.userId),
        owner.sessionId === undefined ? undefined : eq(authChallenges.sessionId, owner.sessionId),
        gt(authChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: authChallenges.challenge });
  return used.length > 0;
}

/** Forget challenges nobody answered in time. */
export async function purgeExpiredChallenges(db: Db): Promise<void> {
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, sql`now()`));
}
