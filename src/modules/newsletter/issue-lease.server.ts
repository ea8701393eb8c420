import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";

const { newsletterIssues: issues } = tables;

/**
 * How long a sender's hold on an issue lasts unless renewed: a sender that dies lets go
 * within this, and the next sweep goes on where it stopped. A live sender renews it with
 * every message and with a heartbeat in between, so a mail server that is slow to answer
 * never lets another instance take the issue over and send the same copy again.
 */
export const LEASE_MS = 2 * 60_000;

/**
 * How often the heartbeat renews the lease: four beats a lease, so a beat lost to a busy
 * database still leaves three before another sender may take over.
 */
export const HEARTBEAT_MS = LEASE_MS / 4;

/** Runs `beat` every `ms` until the returned function stops it; a test beats by hand as it moves its clock on. */
export type Every = (ms: number, beat: () => Promise<void>) => () => void;

/** The process's own timer, unref'd: a heartbeat never keeps a process alive that is shutting down. */
export const everyInterval: Every = (ms, beat) => {
  const timer = setInterval(() => void beat(), ms);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
};

/** Hold the issue another lease from `now`, if this sender still holds it and it is still going out. */
export async function renewLease(db: Db, issueId: number, owner: string, now: Date): Promise<boolean> {
  const [held] = await db
    .update(issues)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(issues.id, issueId), eq(issues.leaseOwner, owner), eq(issues.status, "sending")))
    .returning({ id: issues.id });
  return held !== undefined;
}

/** Let go of the issue, so the next sweep need not wait for the lease to lapse. */
export async function releaseLease(db: Db, issueId: number, owner: string): Promise<void> {
  await db
    .update(issues)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(issues.id, issueId), eq(issues.leaseOwner, owner)));
}

/**
 * The heartbeat: renew the lease every `HEARTBEAT_MS` while a send is alive, a message
 * waiting on its mail server included. Beats run one after another, and stopping waits for
 * one under way, so no query outlives the send.
 */
export function keepLease(
  db: Db,
  issueId: number,
  owner: string,
  clock: () => Date,
  every: Every = everyInterval,
): () => Promise<void> {
  const beat = async () => {
    try {
      await renewLease(db, issueId, owner, clock());
    } catch {
      // The database busy or away: left to the next beat, and to the sender's own renewal
      // before its next message, which fails loudly.
    }
  };
  let beating = Promise.resolve();
  const stop = every(HEARTBEAT_MS, () => (beating = beating.then(beat)));
  return async () => {
    stop();
    await beating;
  };
}
