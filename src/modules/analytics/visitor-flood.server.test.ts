import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { analyticsPages, analyticsSalts, analyticsSketches, analyticsSources } from "../../../db/schema/index.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import type { CountedHit } from "./hit";
import { recordHits, SITE_PATH, visitorHash } from "./record.server";
import { MAX_PART_BYTES, SKETCH_PARTS } from "./visitor-sketch";

// A flood of made-up visitors, each a browser and address never seen before, sent through
// the path real hits take. The salt is fixed so the hashes, and so the estimates, are the
// same each run.

let handle: DbHandle;
const DAY = "2026-11-26";
const SALT = "a fixed salt for the flood test";
const morning = Date.parse(`${DAY}T00:00:00Z`);

/** Made-up visitor `n`: an address and a browser of its own. */
const visitor = (n: number, path = n % 2 ? "/post/a" : "/"): CountedHit => ({
  path,
  kind: "view",
  referrer: null,
  tag: null,
  address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  userAgent: `Mozilla/5.0 Chrome/156.0 Safari/537.36 Flood/${n}`,
});

/** Visitors `from` to `to` (not included), in batches of 2,000 as the front sends them, over the day. */
async function flood(from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += 2_000) {
    const batch = Array.from({ length: Math.min(2_000, to - start) }, (_, i) => visitor(start + i));
    await recordHits(handle.db, batch, new Date(morning + start * 1_000));
  }
}

/** What every analytics table holds for a day, in bytes: the sum of its rows' sizes as stored. */
async function bytesStored(day: string): Promise<number> {
  const tables = await handle.db
    .select({ name: sql<string>`table_name` })
    .from(sql`information_schema.columns`)
    .where(sql`table_schema = current_schema() and table_name like 'analytics%' and column_name = 'day'`);
  let bytes = 0;
  for (const { name } of tables) {
    const [stored] = await handle.db
      .select({ bytes: sql<number>`coalesce(sum(pg_column_size(t.*)), 0)::int` })
      .from(sql`${sql.identifier(name)} t`)
      .where(sql`t.day = ${day}`);
    bytes += stored?.bytes ?? 0;
  }
  return bytes;
}

const visitorsOf = async (path: string) =>
  (await handle.db.select().from(analyticsPages)).find((row) => row.day === DAY && row.path === path)?.visitors ?? 0;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  for (const table of [analyticsPages, analyticsSalts, analyticsSources, analyticsSketches])
    await handle.db.delete(table);
  await handle.db.insert(analyticsSalts).values({ day: DAY, salt: SALT });
});

/**
 * What the flooded day may take however many visitors come: three sketches (two pages and the
 * site) of 16 parts, each at most 1,026 bytes and its row, and the day's three rows of totals.
 */
const DAY_BOUND_BYTES = 3 * SKETCH_PARTS * (MAX_PART_BYTES + 64) + 3 * 100;

/** Whether `counted` is within 2 % of `known`. */
const within2Percent = (counted: number, known: number) => Math.abs(counted - known) / known < 0.02;

describe("a flood of made-up visitors", () => {
  it(
    "keeps a day's storage under a bound whatever the traffic, and counts a known number within 2 %",
    { timeout: 120_000 },
    async () => {
      await flood(0, 10_000);
      const atTenThousand = await bytesStored(DAY);
      expect(atTenThousand).toBeLessThan(DAY_BOUND_BYTES);
      expect(within2Percent(await visitorsOf(SITE_PATH), 10_000)).toBe(true);
      expect(within2Percent(await visitorsOf("/"), 5_000)).toBe(true);
      expect(within2Percent(await visitorsOf("/post/a"), 5_000)).toBe(true);

      // Everyone again: the same visitors add views, not visitors.
      const counted = await visitorsOf(SITE_PATH);
      await flood(0, 10_000);
      expect((await handle.db.select().from(analyticsPages)).find((row) => row.path === SITE_PATH)?.views).toBe(20_000);
      expect(await visitorsOf(SITE_PATH)).toBe(counted);

      await flood(10_000, 40_000);
      const atFortyThousand = await bytesStored(DAY);
      expect(atFortyThousand).toBeLessThan(DAY_BOUND_BYTES);
      // Four times the visitors add less than one sketch's worth of bytes: its sparse parts filling.
      expect(atFortyThousand - atTenThousand).toBeLessThan(SKETCH_PARTS * MAX_PART_BYTES);
      expect(within2Percent(await visitorsOf(SITE_PATH), 40_000)).toBe(true);
    },
  );
});

describe("two instances recording at once", () => {
  it("lose none of each other's visitors: the same visitors again add none", { timeout: 60_000 }, async () => {
    const visitors = (from: number, count: number) => Array.from({ length: count }, (_, n) => visitor(from + n, "/"));
    // The page's sketch exists already, as it does for most of a day: nothing but the lock
    // keeps the two batches from reading the same sketch and each writing it back.
    await recordHits(handle.db, visitors(0, 1_000), new Date(morning));
    // Four instances at once, five times over: each round's batches would otherwise read the
    // same sketch, and the last to write it would drop the others' visitors.
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        [0, 1, 2, 3].map((instance) =>
          recordHits(handle.db, visitors(1_000 + (round * 4 + instance) * 500, 500), new Date(morning + 1_000)),
        ),
      );
    }
    const counted = await visitorsOf("/");
    expect(within2Percent(counted, 11_000)).toBe(true);
    await recordHits(handle.db, visitors(0, 11_000), new Date(morning + 60_000));
    expect(await visitorsOf("/")).toBe(counted);
    // A fixed number of rows per page and day (16 parts of a sketch), not a row per visitor.
    expect(await handle.db.select({ path: analyticsSketches.path }).from(analyticsSketches)).toHaveLength(
      2 * SKETCH_PARTS,
    );
  });
});

describe("the migration to sketches", () => {
  it("carries an open day's visitor hashes into sketches, so they are not counted again", async () => {
    const migration = await readFile(
      new URL("../../../db/migrations/0020_visitor_sketches.sql", import.meta.url),
      "utf8",
    );
    const carry = migration.split("--> statement-breakpoint").find((statement) => statement.includes("INSERT INTO"));
    // The table as it was, with the hashes as they were written: 22 base64url characters.
    await handle.db.execute(sql`create temporary table analytics_visitors (day date, path text, visitor text)`);
    const before = Array.from({ length: 40 }, (_, n) => visitor(n, "/"));
    for (const hit of before) {
      const hash = Buffer.from(visitorHash(SALT, hit.address, hit.userAgent))
        .toString("base64url")
        .slice(0, 22);
      await handle.db.execute(sql`insert into analytics_visitors values (${DAY}, '/', ${hash}), (${DAY}, '', ${hash})`);
    }
    await handle.db.insert(analyticsPages).values([
      { day: DAY, path: "/", views: 40, visitors: 40 },
      { day: DAY, path: SITE_PATH, views: 40, visitors: 40 },
    ]);
    await handle.db.execute(sql.raw(carry ?? ""));
    await handle.db.execute(sql`drop table analytics_visitors`);

    await recordHits(handle.db, [...before, visitor(40, "/")], new Date(morning + 60_000));
    expect(await visitorsOf("/")).toBe(41);
    expect(await visitorsOf(SITE_PATH)).toBe(41);
  });
});
