import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFreezableProxy, type FreezableProxy } from "../tests/setup/freezable-proxy.ts";
import { createDb, type DbHandle } from "./client.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

// PGlite runs in this process and cannot hang apart from it; a PostgreSQL server can. The
// proxy between the pool and the server plays a frozen server, leaving the real one alone.
// The postgres project only runs when TEST_DATABASE_URL names a server.
const server = process.env.TEST_DATABASE_URL ?? "";

/** How a caller sees a database call: how long it took, and what it threw if it did. */
async function timed(call: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const start = performance.now();
  const error = await call().then(
    () => undefined,
    (thrown: unknown) => thrown ?? new Error("rejected with nothing"),
  );
  return { ms: performance.now() - start, error };
}

describe("PostgreSQL that stops answering", () => {
  let proxy: FreezableProxy;
  let handle: DbHandle;

  beforeEach(async () => {
    const target = new URL(server);
    proxy = await startFreezableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    target.host = `127.0.0.1:${proxy.port}`;
    handle = createDb(target.toString());
  });
  afterEach(async () => {
    proxy.thaw();
    await handle.close();
    await proxy.close();
  });

  const ping = () => handle.db.execute(sql`select 1`);

  it("fails every query within 3 s, more queries than connections, and works again once thawed", async () => {
    await ping();
    proxy.freeze();
    const calls = await Promise.all(Array.from({ length: 12 }, () => timed(ping)));
    for (const { ms, error } of calls) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(ms).toBeLessThan(3_000);
    }
    proxy.thaw();
    await Promise.all(Array.from({ length: 12 }, ping));
  });

  it("fails within 3 s when no connection can be made", async () => {
    proxy.freeze();
    const { ms, error } = await timed(ping);
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    expect(ms).toBeLessThan(3_000);
  });

  it("closes a connection whose transaction hung, so after a thaw none is left inside it", async () => {
    const { error } = await timed(() =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        proxy.freeze();
        await tx.execute(sql`select 1`);
      }),
    );
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    proxy.thaw();

    // A connection kept would finish its statement once thawed and stay in the transaction,
    // and every later caller's writes on it would land there, never committed.
    const pool = handle.pool as NonNullable<DbHandle["pool"]>;
    const clients = await Promise.all(Array.from({ length: Math.max(pool.totalCount, 1) }, () => pool.connect()));
    for (const client of clients) {
      await client.query("select 1");
      expect(client.getTransactionStatus()).toBe("I");
      client.release();
    }
  });

  it("keeps every place in the pool when transactions cannot even begin", async () => {
    await ping();
    proxy.freeze();
    const calls = await Promise.all(
      Array.from({ length: 10 }, () => timed(() => handle.db.transaction((tx) => tx.execute(sql`select 1`)))),
    );
    for (const { error } of calls) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    proxy.thaw();
    await handle.db.transaction((tx) => tx.execute(sql`select 1`));
  });

  it("fails a transaction whose connection drops, without ending the process", async () => {
    const { error } = await timed(() =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await proxy.close();
        await tx.execute(sql`select 1`);
      }),
    );
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });
});
