import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, asc, eq } from "drizzle-orm";
import { errorCode, UNIQUE_VIOLATION } from "@/lib/database-errors";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { conflict, invalid, notFound, unauthenticated } from "@/lib/errors";
import { settings } from "@/lib/settings.server";
import type { PasskeyView } from "./account-views";
import { consumeChallenge, issueChallenge, type ChallengeOwner } from "./challenges.server";
import { hostHoldsPasskeys } from "./passkey-host";

const { passkeys } = tables;

/**
 * A kept challenge as the options carry it: its bytes. SimpleWebAuthn takes a string challenge
 * as text and encodes it once more, so the browser would sign, and send back, one that was never kept.
 */
const challengeBytes = async (issued: Promise<string>) => isoBase64URL.toBuffer(await issued);

/** The relying party: the site as passkeys know it, by its host name and origin. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

// How long the browser waits on the person: as long as the challenge lasts.
const CEREMONY_TIMEOUT_MS = 5 * 60_000;

// EdDSA, ES256 and RS256 (COSE ids), the ones every authenticator offers. Left to itself
// the library would probe Node for ML-DSA, which prints an experimental-feature warning.
const ALGORITHMS = [-8, -7, -257];

/**
 * The site as passkeys know it: SITE_URL's, as for every write; unset, the address the page
 * was opened at. A passkey is bound to a host name, so an address given as an IP cannot hold one.
 */
export function relyingParty(requestOrigin: string): RelyingParty {
  const origin = settings().writeOrigin ?? requestOrigin;
  const id = new URL(origin).hostname;
  if (!hostHoldsPasskeys(id)) {
    throw conflict(`Passkeys need the site opened by a name (such as localhost), not by an IP address (${id}).`);
  }
  return { id, origin, name: settings().siteName };
}

const view = (row: typeof passkeys.$inferSelect): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The account's passkeys, oldest first. */
export async function listPasskeys(db: Db, userId: number): Promise<PasskeyView[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  return rows.map(view);
}

/**
 * What the browser needs to make a passkey for the account: one it keeps itself (a
 * discoverable credential, so it can sign in without a name) that checks who holds it
 * (user verification), and not a second one on an authenticator that has one already.
 */
export async function passkeyRegistrationOptions(db: Db, user: { id: number; username: string }, rp: RelyingParty) {
  const existing = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    // Stable per account, so an authenticator replaces its old passkey for it rather than keeping two.
    userID: new TextEncoder().encode(`user-${String(user.id)}`),
    challenge: await challengeBytes(issueChallenge(db, "register", { userId: user.id })),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    supportedAlgorithmIDs: ALGORITHMS,
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
}

/** The library's refusal of an answer, as the caller's fault: its message names what failed, never a secret. */
function refused(error: unknown, field: string): never {
  throw invalid(`The passkey's answer was refused: ${error instanceof Error ? error.message : "unreadable"}`, field);
}

/** Keep the passkey the browser made, once its answer checks out against the challenge given for this account. */
export async function addPasskey(
  db: Db,
  userId: number,
  rp: RelyingParty,
  name: string,
  response: RegistrationResponseJSON,
): Promise<PasskeyView> {
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: (challenge) => consumeChallenge(db, challenge, "register", { userId }),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch((error: unknown) => refused(error, "response"));
  if (!verification.verified) refused(undefined, "response");
  const { credential } = verification.registrationInfo;
  try {
    const [row] = await db
      .insert(passkeys)
      .values({
        id: credential.id,
        userId,
        name,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
      })
      .returning();
    if (!row) throw new Error("The passkey's row was not written");
    return view(row);
  } catch (error) {
    if (errorCode(error) === UNIQUE_VIOLATION) throw conflict("That passkey is registered already.");
    throw error;
  }
}

/** Give one of the account's passkeys another name. */
export async function renamePasskey(db: Db, userId: number, id: string, name: string): Promise<PasskeyView> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound("Passkey");
  return view(row);
}

/** Forget one of the account's passkeys: it signs in no more. */
export async function removePasskey(db: Db, userId: number, id: string): Promise<void> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw notFound("Passkey");
}

/**
 * A challenge for the browser to sign with a passkey: any of the site's (the browser offers
 * those it holds, in its autofill too) to sign in, or the account's own to confirm it is them.
 */
export async function passkeyAuthenticationOptions(
  db: Db,
  rp: RelyingParty,
  purpose: "sign-in" | "reauthenticate",
  owner: ChallengeOwner = {},
) {
  const allowCredentials = owner.userId
    ? await db
        .select({ id: passkeys.id, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, owner.userId))
    : undefined;
  return generateAuthenticationOptions({
    rpID: rp.id,
    challenge: await challengeBytes(issueChallenge(db, purpose, owner)),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: "required",
    allowCredentials,
  });
}

const NOT_RECOGNISED = "That passkey was not accepted. Try again, or sign in with your password.";

/**
 * Check a passkey's signature over a challenge given for this purpose (and owner): the
 * account it belongs to, its use recorded. A passkey verifies who holds it, so it is both
 * factors at once.
 */
export async function verifyPasskey(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  purpose: "sign-in" | "reauthenticate",
  owner: ChallengeOwner = {},
): Promise<{ userId: number }> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, response.id), owner.userId ? eq(passkeys.userId, owner.userId) : undefined));
  if (!row) throw unauthenticated(NOT_RECOGNISED);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: (challenge) => consumeChallenge(db, challenge, purpose, owner),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: row.id,
      publicKey: new Uint8Array(row.publicKey),
      counter: row.counter,
      transports: row.transports,
    },
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!verification.verified) throw unauthenticated(NOT_RECOGNISED);
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, row.id));
  return { userId: row.userId };
}
