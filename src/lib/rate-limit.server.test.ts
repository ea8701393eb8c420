import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/index.ts";
import { createTestDb } from "../../tests/setup/test-db.ts";
import { hitRateLimit, purgeExpiredRateLimits } from "./rate-limit.server";

let handle: DbHandle;
const HOUR = 60 * 60_000;
const fivePerHour = { limit: 5, windowMs: HOUR };

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

async function hits(key: string, n: number, limit = fivePerHour) {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await hitRateLimit(handle.db, key, limit));
  return results;
}

/** Move a key's window end into the past, as if the window had run out. */
async function expire(key: string) {
  await handle.db
    .update(rateLimits)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(eq(rateLimits.key, key));
}

describe("hitRateLimit", () => {
  it("allows up to the limit, then refuses with the seconds left in the window", async () => {
    const results = await hits("test:limit", 7);
    expect(results.slice(0, 5)).toEqual(Array(5).fill({ allowed: true, retryAfterSeconds: 0 }));
    for (const refused of results.slice(5)) {
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBeGreaterThan(HOUR / 1000 - 60);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(HOUR / 1000);
    }
  });

  it("counts each key on its own", async () => {
    await hits("test:a", 5);
    expect((await hitRateLimit(handle.db, "test:a", fivePerHour)).allowed).toBe(false);
    expect((await hitRateLimit(handle.db, "test:b", fivePerHour)).allowed).toBe(true);
  });

  it("starts a new window once the old one has ended", async () => {
    await hits("test:expiry", 6);
    await expire("test:expiry");
    const afterReset = await hits("test:expiry", 6);
    expect(afterReset.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    const [row] = await handle.db.select().from(rateLimits).where(eq(rateLimits.key, "test:expiry"));
    expect(row?.count).toBe(6);
    expect(row?.resetAt.getTime()).toBeGreaterThan(Date.now() + HOUR - 60_000);
  });

  it("allows exactly the limit among concurrent hits on one key", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(handle.db, "test:concurrent", fivePerHour)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("keeps a short window short", async () => {
    const [first, second] = await hits("test:short", 2, { limit: 1, windowMs: 1500 });
    expect(first?.allowed).toBe(true);
    expect(second?.allowed).toBe(false);
    expect(second?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(second?.retryAfterSeconds).toBeLessThanOrEqual(2);
  });
});

describe("purgeExpiredRateLimits", () => {
  it("removes ended windows and keeps running ones", async () => {
    await hits("test:purge-old", 1);
    await hits("test:purge-live", 1);
    await expire("test:purge-old");
    await purgeExpiredRateLimits(handle.db);
    const keys = (await handle.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain("test:purge-old");
    expect(keys).toContain("test:purge-live");
  });
});
