import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { renderSVG } from "uqr";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { conflict, invalid } from "@/lib/errors";
import { factorKey } from "./factor-key.server";
import { seal, unseal } from "./secret-box.server";
import { matchTotp, newTotpSecret, secretWords, totpUri } from "./totp";

const { totpFactors } = tables;

/** What the owner sees to set up an authenticator app: the secret typed or scanned. */
export interface TotpSetup {
  secret: string;
  uri: string;
  /** An SVG document of the URI's QR code. */
  qr: string;
}

/**
 * A new secret for the account's authenticator app, replacing one not yet confirmed. It
 * counts for nothing until a first code from the app confirms it (`confirmTotp`).
 */
export async function startTotpSetup(db: Db, user: { id: number; username: string }, issuer: string) {
  const secret = newTotpSecret();
  const secretBox = seal(await factorKey(), secret);
  const [made] = await db
    .insert(totpFactors)
    .values({ userId: user.id, secretBox })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretBox, createdAt: new Date(), lastStep: null },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ userId: totpFactors.userId });
  if (!made) throw conflict("An authenticator app is already set up. Remove it first to set up another.");
  const uri = totpUri(issuer, user.username, secret);
  return { secret: secretWords(secret), uri, qr: renderSVG(uri, { border: 2 }) } satisfies TotpSetup;
}

async function secretOf(db: Db, userId: number, confirmed: boolean) {
  const [row] = await db
    .select({ secretBox: totpFactors.secretBox, lastStep: totpFactors.lastStep })
    .from(totpFactors)
    .where(
      and(
        eq(totpFactors.userId, userId),
        confirmed ? isNotNull(totpFactors.confirmedAt) : isNull(totpFactors.confirmedAt),
      ),
    );
  if (!row) return undefined;
  // A box the key cannot open (FACTOR_KEY changed) matches no code: the owner signs in another way.
  const secret = unseal(await factorKey(), row.secretBox);
  return secret ? { secret, lastStep: row.lastStep } : undefined;
}

/** Take the step a code was for as used, unless a code of that step or a later one already was. */
async function useStep(db: Db, userId: number, step: number, confirm: boolean): Promise<boolean> {
  const used = await db
    .update(totpFactors)
    .set(confirm ? { lastStep: step, confirmedAt: new Date() } : { lastStep: step })
    .where(and(eq(totpFactors.userId, userId), or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step))))
    .returning({ userId: totpFactors.userId });
  return used.length > 0;
}

/** Confirm the app set up with `startTotpSetup` by its first code; from then on it is a factor. */
export async function confirmTotp(db: Db, userId: number, code: string, now = new Date()): Promise<void> {
  const pending = await secretOf(db, userId, false);
  if (!pending) throw conflict("Set up the authenticator app again: there is no secret waiting for its first code.");
  const step = matchTotp(pending.secret, code, now, pending.lastStep);
  if (step === null || !(await useStep(db, userId, step, true))) {
    throw invalid("That code does not match. Check that the app's clock is right, and try the next code.", "code");
  }
}

/** Whether `code` is the account's current authenticator code, used now; each code passes once. */
export async function checkTotp(db: Db, userId: number, code: string, now = new Date()): Promise<boolean> {
  const factor = await secretOf(db, userId, true);
  if (!factor) return false;
  const step = matchTotp(factor.secret, code, now, factor.lastStep);
  return step !== null && useStep(db, userId, step, false);
}

/** Forget the account's authenticator app, confirmed or not. */
export async function removeTotp(db: Db, userId: number): Promise<boolean> {
  const removed = await db
    .delete(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .returning({ userId: totpFactors.userId });
  return removed.length > 0;
}
