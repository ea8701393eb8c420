import type pg from "pg";
import { readContentVersion } from "../../../db/content-version.ts";
import { ContentFollower } from "./content-follower.server";
import { CONTENT_CHANNEL, readNotice, type ContentNotice } from "./content-notice";
import type { Publisher } from "./publisher.server";

/** How often each instance reads the database's content version, in case a notice was lost. */
export const CONTENT_CHECK_MS = 2000;

/** How long after losing its connection the listener tries again, and again. */
const RELISTEN_MS = 1000;

/** This instance following the other instances' changes, once it listens. */
export interface ChangeSharing {
  /** The content version as it began listening: a page rendered before it may be old. */
  version: number;
  stop(): Promise<void>;
}

/**
 * Keep instances on one PostgreSQL coherent. The database announces every change to what
 * pages show with NOTIFY, from triggers in the writing transaction (migration 0021), so a
 * change made anywhere (another instance, psql) reaches every listening instance at its
 * commit; `origin` is this instance's name for its own, which it applied as it wrote. As a
 * safety net for notices lost while the listener was down, the content version is read
 * every `checkEveryMs`, and pages older than a version no notice reached are dropped.
 */
export async function shareChanges(
  publisher: Publisher,
  pool: pg.Pool,
  origin: string,
  checkEveryMs = CONTENT_CHECK_MS,
): Promise<ChangeSharing> {
  // Notices heard before the version is read wait for it.
  const early: ContentNotice[] = [];
  let hear = (notice: ContentNotice): void => {
    early.push(notice);
  };
  let listener: pg.PoolClient | undefined;
  let stopped = false;

  const listen = async (): Promise<void> => {
    const client = await pool.connect();
    let lost = false;
    const lose = (error: Error) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = undefined;
      client.release(true);
      if (stopped) return;
      console.warn(`Lost the content-change listener (${error.message}); listening again.`);
      relisten();
    };
    client.on("notification", ({ channel, payload }) => {
      const notice = channel === CONTENT_CHANNEL && payload ? readNotice(payload) : null;
      if (notice) hear(notice);
    });
    client.on("error", lose);
    try {
      await client.query(`LISTEN ${CONTENT_CHANNEL}`);
      listener = client;
    } catch (error) {
      lose(error as Error);
    }
  };
  // Until it listens again: a connection that cannot be had now may be in a second.
  const relisten = (): void => {
    setTimeout(() => {
      if (!stopped) listen().catch(relisten);
    }, RELISTEN_MS).unref();
  };

  await listen();
  const version = (await readContentVersion(pool)) ?? 0;
  const follower = new ContentFollower(publisher, origin, version);
  hear = (notice) => void follower.heard(notice);
  for (const notice of early) hear(notice);

  let checking = false;
  let failing = false;
  const check = async (): Promise<void> => {
    if (checking) return;
    checking = true;
    try {
      const current = await readContentVersion(pool);
      if (failing) console.warn("The content version can be read again.");
      failing = false;
      if (current !== undefined) await follower.checked(current);
    } catch (error) {
      // An outage: the pages stay as they are (they keep answering), and the next check tries again.
      if (!failing) console.warn(`Could not read the content version (${(error as Error).message}); trying again.`);
      failing = true;
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), checkEveryMs);
  timer.unref();

  return {
    version,
    async stop() {
      stopped = true;
      clearInterval(timer);
      const client = listener;
      listener = undefined;
      await client?.query(`UNLISTEN ${CONTENT_CHANNEL}`).catch(() => undefined);
      client?.release();
    },
  };
}
