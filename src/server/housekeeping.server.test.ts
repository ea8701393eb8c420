import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { loginFailures, rateLimits, sessions, signInAddresses, uploadClaims, users } from "../../db/schema/index.ts";
import { createTestDb } from "../../tests/setup/test-db.ts";
import { purgeExpired, refreshStatistics } from "./housekeeping.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

const DAY = 24 * 60 * 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

it("deletes expired sessions, ended limit windows, old sign-in addresses and lapsed upload claims and keeps live ones", async () => {
  const [user] = await handle.db.insert(users).values({ username: "sweeper", passwordHash: "x" }).returning();
  if (!user) throw new Error("insert failed");
  const session = (id: string, createdAt: Date, lastVerifiedAt = createdAt) => ({
    id,
    userId: user.id,
    secretHash: new Uint8Array(32),
    createdAt,
    lastVerifiedAt,
  });
  const insertRows = async (suffix: string) => {
    await handle.db
      .insert(sessions)
      .values([
        session(`idle${suffix}`, ago(3 * DAY), ago(2 * DAY)),
        session(`old${suffix}`, ago(15 * DAY), ago(60_000)),
      ]);
    await handle.db
      .insert(rateLimits)
      .values({ key: `ended${suffix}`, count: 9, resetAt: sql`now() - interval '1 second'` });
    await handle.db
      .insert(loginFailures)
      .values({ name: `ended${suffix}`, count: 9, lastFailedAt: ago(DAY), resetAt: ago(1000) });
    await handle.db
      .insert(signInAddresses)
      .values({ userId: user.id, address: `old${suffix}`, signedInAt: ago(31 * DAY) });
    await handle.db.insert(uploadClaims).values({ key: `lapsed${suffix}`, expiresAt: ago(1000) });
  };
  const onlyLiveRowsLeft = async () => {
    expect((await handle.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id)).toEqual(["live"]);
    expect((await handle.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual(["live"]);
    expect((await handle.db.select({ name: loginFailures.name }).from(loginFailures)).map((r) => r.name)).toEqual([
      "live",
    ]);
    const addresses = await handle.db.select({ address: signInAddresses.address }).from(signInAddresses);
    expect(addresses.map((r) => r.address)).toEqual(["live"]);
    expect((await handle.db.select({ key: uploadClaims.key }).from(uploadClaims)).map((c) => c.key)).toEqual(["live"]);
  };
  await handle.db.insert(sessions).values(session("live", ago(DAY), ago(60_000)));
  await handle.db.insert(rateLimits).values({ key: "live", count: 1, resetAt: sql`now() + interval '1 hour'` });
  await handle.db
    .insert(loginFailures)
    .values({ name: "live", count: 1, lastFailedAt: ago(60_000), resetAt: sql`now() + interval '1 hour'` });
  await handle.db.insert(signInAddresses).values({ userId: user.id, address: "live", signedInAt: ago(29 * DAY) });
  await handle.db.insert(uploadClaims).values({ key: "live", expiresAt: ago(-DAY) });
  await insertRows("-first");
  await purgeExpired(handle.db);
  await onlyLiveRowsLeft();
  await insertRows("-second");
  await purgeExpired(handle.db);
  await onlyLiveRowsLeft();
});

it("gives the embedded database's planner statistics of what its tables hold, and leaves a server's to its autovacuum", async () => {
  const analysedByHand = async () => {
    const [row] = await handle.db
      .select({ analysed: sql<boolean>`last_analyze is not null` })
      .from(sql`pg_stat_user_tables`)
      .where(sql`relname = 'posts'`);
    return row?.analysed;
  };
  expect(await analysedByHand()).toBe(false);
  await refreshStatistics(handle);
  expect(await analysedByHand()).toBe(handle.engine !== "postgres");
});
