import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { lockDirectory } from "./data-dir-lock.ts";
import { embeddedDir, isServerUrl } from "./database-url.ts";
import { isCluster, keptClusterDir } from "./kept-cluster.ts";
import { forgetKeptPages } from "./kept-pages.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The one database type the app codes against, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DbEngine = "pglite-memory" | "pglite-file" | "postgres";

export interface DbHandle {
  db: Db;
  engine: DbEngine;
  /** Where the data lives: a directory for PGlite, the server's address for PostgreSQL. */
  location: string;
  /** The pg pool, when the engine is PostgreSQL (for LISTEN/NOTIFY and tests). */
  pool?: pg.Pool;
  /**
   * The name the pool's connections sign their content changes with, when the engine is
   * PostgreSQL: the database's change notices carry it, so an instance knows its own.
   */
  origin?: string;
  /** The server's address with its credentials, when the engine is PostgreSQL (the job queue opens its own connections). */
  connectionString?: string;
  /** The embedded database itself, when the engine is PGlite (the job queue shares its one connection). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export class DatabaseInUseError extends Error {
  constructor(dir: string) {
    super(
      `The database in ${dir} is in use by another running server. ` +
        "PGlite allows one process per data directory (two would silently lose writes). " +
        "Stop the other server, or start this one with a different DATA_DIR. " +
        "A server that crashed frees it at once (one that ran on another machine or in another " +
        "container, 10 seconds after it stopped).",
    );
    this.name = "DatabaseInUseError";
  }
}

// Every open passes the extension: PGlite only loads what it is given, and the
// migrations create pg_trgm.
const extensions = { pg_trgm };

/**
 * Settings every connection starts with. Search finds typos in titles with pg_trgm's `<%`
 * operator, which its trigram index answers but whose threshold is this setting, not an
 * argument: 0.45 lets one or two wrong letters through ("sandwhich", "puddels") without
 * matching noise (pg_trgm's default, 0.6, misses both).
 */
const SESSION_SETTINGS = { "pg_trgm.word_similarity_threshold": "0.45" };

/** The settings as server start-up options (`-c name=value`). */
const sessionOptions = Object.entries(SESSION_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]);

/**
 * PGlite's own start-up parameters, smaller memory settings and the session settings.
 * PGlite's memory is WebAssembly memory, which never shrinks: PostgreSQL's 128 MB buffer
 * cache, once filled, stayed resident for as long as the server ran, and an index build may
 * take 64 MB of maintenance memory for good. PGlite reads its files through the operating
 * system, which caches them too, so a 16 MB cache loses little.
 */
const pgliteStartParams = () => [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=16MB",
  "-c",
  "maintenance_work_mem=16MB",
  ...sessionOptions,
];

/**
 * Open the database named by `url`.
 * - `postgres://…` or `postgresql://…`: a pooled connection to a PostgreSQL server.
 * - `memory://`: an in-memory PGlite (tests).
 * - `file:<dir>` or a bare path: PGlite with its data in `<dir>`, locked to this process.
 */
export function createDb(url: string): DbHandle {
  if (isServerUrl(url)) return openPostgres(url);
  const dir = embeddedDir(url);
  return dir === undefined ? openPgliteMemory() : openPgliteFile(dir);
}

/**
 * An in-memory PGlite that starts as a copy of another's dump (`PGlite.dumpDataDir`): a
 * migrated database in a fraction of the time initdb and the migrations take (tests).
 */
export function createMemoryDbFrom(dump: Blob): DbHandle {
  return openPgliteMemory(dump);
}

function openPgliteMemory(dump?: Blob): DbHandle {
  const client = new PGlite({ extensions, startParams: pgliteStartParams(), loadDataDir: dump });
  return {
    db: drizzlePglite({ client, schema }),
    pglite: client,
    engine: "pglite-memory",
    location: "memory",
    close: () => client.close(),
  };
}

/**
 * Create the embedded database's files in `dir`: a copy of the kept empty cluster, or, the
 * first time, by a process that then ends (`db/create-embedded.ts`).
 */
function createCluster(dir: string): void {
  const kept = keptClusterDir();
  if (isCluster(kept)) {
    cpSync(kept, dir, { recursive: true });
    return;
  }
  // Found from the project folder, where the site runs, like the migrations.
  const created = spawnSync(process.execPath, [path.resolve("db/create-embedded.ts"), dir], { stdio: "inherit" });
  if (created.status !== 0) throw new Error(`Could not create the embedded database in ${dir}.`);
}

function openPgliteFile(dir: string): DbHandle {
  mkdirSync(dir, { recursive: true });
  const release = lockDirectory(dir);
  if (!release) throw new DatabaseInUseError(dir);
  forgetKeptPages(dir);
  if (!isCluster(dir)) createCluster(dir);
  const client = new PGlite({ dataDir: dir, extensions, startParams: pgliteStartParams() });
  return {
    db: drizzlePglite({ client, schema }),
    pglite: client,
    engine: "pglite-file",
    location: dir,
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

type Release = (error?: Error | boolean) => void;

/**
 * pg's client, made safe to lend when the server stops answering:
 * - A query that outlives `query_timeout` closes the client. pg answers the caller then but
 *   leaves the query on the wire, and a client reused so would run the next caller's queries
 *   behind the hung one, or inside a transaction whose rollback never went out.
 * - A client that fails while lent gives itself back to the pool, which drops it: drizzle
 *   never releases a transaction's client whose BEGIN failed, and each such client would
 *   hold a place in the pool for good.
 * (`pool.query` already releases its client with the error, so only promises are watched.)
 */
class Client extends pg.Client {
  #release: Release = () => undefined;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === "Query read timeout") this.#fail(error);
        });
      }
      return result;
    }) as pg.Client["query"];
    // The query in flight, if any, fails with the same error; unlistened, this event would
    // end the process.
    this.on("error", (error) => {
      this.#fail(error);
    });
  }

  // The pool sets this on each loan. Kept idempotent, since the client may give itself back
  // before its borrower does.
  get release(): Release {
    return this.#release;
  }
  set release(release: Release) {
    let released = false;
    this.#release = (error) => {
      if (released) return;
      released = true;
      release(error);
    };
  }

  #fail(error: Error): void {
    void this.end();
    this.release(error);
  }
}

// The server's statement_timeout stops a slow query while the connection stays usable. The
// client's own limits are for a server that does not answer at all (frozen, or unreachable):
// waiting for a connection or for a query's answer gives up, so a request fails within 3 s.
const POSTGRES_TIMEOUTS = {
  connectionTimeoutMillis: 1_000,
  query_timeout: 2_000,
  statement_timeout: 1_500,
};

function openPostgres(url: string): DbHandle {
  const origin = randomUUID();
  const pool = new pg.Pool({
    Client,
    connectionString: url,
    // A setting of the site's own, read by the triggers that send change notices (migration 0021).
    options: [...sessionOptions, "-c", `meh.origin=${origin}`].join(" "),
    max: 10,
    idleTimeoutMillis: 30_000,
    ...POSTGRES_TIMEOUTS,
  });
  // An idle client losing its connection emits here; unhandled, it would crash the process.
  pool.on("error", (error) => {
    console.error("PostgreSQL pool error:", error.message);
  });
  const { hostname, port, pathname } = new URL(url);
  return {
    db: drizzlePg({ client: pool, schema }),
    engine: "postgres",
    location: `${hostname}:${port || 5432}${pathname}`,
    pool,
    origin,
    connectionString: url,
    close: () => endPool(pool),
  };
}

/** Longest a close waits for the server to see its connections go: a frozen one never answers. */
const CLOSE_WAIT_MS = 2_000;

/**
 * End the pool and wait until its connections have closed. `pool.end()` resolves once each
 * client is told to end, before its connection has: a database dropped right after (tests
 * do) would then terminate a live session, which the pool reports as an error.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      open -= 1;
      if (open <= 0) resolve();
    });
    setTimeout(resolve, CLOSE_WAIT_MS).unref();
  });
  await pool.end();
  await closed;
}
