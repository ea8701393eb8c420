import { readFile } from "node:fs/promises";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import * as schema from "../../../db/schema/index.ts";
import { analyticsPages, analyticsSalts, analyticsSources, analyticsSketches } from "../../../db/schema/index.ts";
import { callEndpoint, endpoints } from "../../../tests/api-routes.ts";
import { insertUser } from "../../../tests/factories.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { createSession } from "@/modules/auth/session.server";
import { useDatabase } from "@/lib/site-database.server";
import { hitCounter } from "./count-hits.server";
import type { CountedHit } from "./hit";
import { forgetClosedDays, MAX_SOURCES_PER_DAY, OTHER_SOURCE, recordHits } from "./record.server";
import { analyticsSummary } from "./summary.server";

let handle: DbHandle;
const owner = { id: 0, username: "owner", role: "admin" };
const reader = { id: 0, username: "reader", role: "reader" };

const ADDRESS = "203.0.113.77";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const day1 = new Date("2026-11-26T10:00:00Z");
const day1Later = new Date("2026-11-26T23:59:00Z");
const day2 = new Date("2026-11-27T00:01:00Z");

const view = (path: string, more: Partial<CountedHit> = {}): CountedHit => ({
  path,
  kind: "view",
  referrer: null,
  tag: null,
  address: ADDRESS,
  userAgent: BROWSER,
  ...more,
});
const read = (path: string): CountedHit => ({ ...view(path), kind: "read" });

const row = async (day: string, path: string) =>
  (await handle.db.select().from(analyticsPages)).find((r) => r.day === day && r.path === path);

beforeAll(async () => {
  handle = await createTestDb();
  useDatabase(handle);
  await insertUser(handle.db, owner);
  await insertUser(handle.db, reader);
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  for (const table of [analyticsPages, analyticsSalts, analyticsSources, analyticsSketches])
    await handle.db.delete(table);
});

describe("recordHits", () => {
  it("counts three views and a read once each, and one visitor for the site", async () => {
    await recordHits(handle.db, [view("/"), view("/post/a"), view("/about"), read("/post/a")], day1);
    expect(await row("2026-11-26", "")).toMatchObject({ views: 3, visitors: 1, reads: 1 });
    expect(await row("2026-11-26", "/post/a")).toMatchObject({ views: 1, visitors: 1, reads: 1 });
  });

  it("counts the same visitor twice in a day as two views and one visitor, in one batch or two", async () => {
    await recordHits(handle.db, [view("/")], day1);
    await recordHits(handle.db, [view("/")], day1Later);
    expect(await row("2026-11-26", "/")).toMatchObject({ views: 2, visitors: 1 });
    await recordHits(handle.db, [view("/"), view("/", { address: "198.51.100.1" })], day1Later);
    expect(await row("2026-11-26", "")).toMatchObject({ views: 4, visitors: 2 });
  });

  it("counts a hit that came several times in one batch that many times, from one visitor", async () => {
    await recordHits(
      handle.db,
      [view("/post/a", { referrer: "news.example", times: 40 }), { ...read("/post/a"), times: 3 }],
      day1,
    );
    expect(await row("2026-11-26", "/post/a")).toMatchObject({ views: 40, visitors: 1, reads: 3 });
    const summary = await analyticsSummary(handle.db, "2026-11-26", "2026-11-26");
    expect(summary.referrers).toEqual([{ host: "news.example", visits: 40 }]);
  });

  it("keeps referrers and tags as daily visits, and no more than its bound of new names a day", async () => {
    await recordHits(
      handle.db,
      [view("/", { referrer: "news.example", tag: "newsletter-3" }), view("/", { referrer: "news.example" })],
      day1,
    );
    const summary = await analyticsSummary(handle.db, "2026-11-26", "2026-11-26");
    expect(summary.referrers).toEqual([{ host: "news.example", visits: 2 }]);
    expect(summary.tags).toEqual([{ tag: "newsletter-3", visits: 1 }]);

    const flood = Array.from({ length: MAX_SOURCES_PER_DAY + 50 }, (_, i) =>
      view("/", { referrer: `junk${i}.example` }),
    );
    await recordHits(handle.db, flood, day1);
    const stored = (await handle.db.select().from(analyticsSources)).filter((s) => s.kind === "referrer");
    expect(stored.length).toBe(MAX_SOURCES_PER_DAY + 1);
    expect(stored.find((s) => s.name === OTHER_SOURCE)?.visits).toBe(51);
    // A host already known that day is still counted by name.
    await recordHits(handle.db, [view("/", { referrer: "news.example" })], day1);
    expect(stored.length).toBe(
      (await handle.db.select().from(analyticsSources)).filter((s) => s.kind === "referrer").length,
    );
  });

  it("keeps the README's promise: a dump once the day has closed holds no address, browser or hash", async () => {
    const readme = await readFile(new URL("../../../README.md", import.meta.url), "utf8");
    expect(readme.replace(/\s+/g, " ")).toContain("Never stored: addresses, browser names, cookies, places, screens.");
    await recordHits(handle.db, [view("/", { referrer: "news.example", tag: "t" }), read("/")], day1);
    await forgetClosedDays(handle.db, day2);
    const tables = Object.values(schema).filter((table) => is(table, PgTable));
    const dump = JSON.stringify(await Promise.all(tables.map((table) => handle.db.select().from(table))));
    expect(dump).not.toContain(ADDRESS);
    expect(dump).not.toContain(BROWSER);
    expect(dump).not.toContain("Chrome/156");
    expect(await handle.db.select().from(analyticsSketches)).toEqual([]);
    expect(await row("2026-11-26", "/")).toMatchObject({ views: 1, visitors: 1, reads: 1 });
  });
});

describe("beacons turned away", () => {
  it("are added to the day they came, with hits or alone, and the summary tells that day", async () => {
    const count = hitCounter(
      () => handle.db,
      () => day1,
    );
    await count([view("/")], 40);
    await count([], 2);
    await recordHits(handle.db, [], day2, 0);
    const summary = await analyticsSummary(handle.db, "2026-11-26", "2026-11-27");
    expect(summary.days).toEqual([
      { day: "2026-11-26", views: 1, visitors: 1, turnedAway: 42 },
      { day: "2026-11-27", views: 0, visitors: 0, turnedAway: 0 },
    ]);
    // Only the site's row holds them; the page's is as it was.
    expect(await row("2026-11-26", "/")).toMatchObject({ views: 1, turnedAway: 0 });
  });
});

describe("forgetClosedDays", () => {
  it("after midnight the same visitor is new, and the closed day's salt and sketches are gone", async () => {
    await recordHits(handle.db, [view("/")], day1);
    await forgetClosedDays(handle.db, day2);
    expect(await handle.db.select().from(analyticsSalts)).toEqual([]);
    expect(await handle.db.select().from(analyticsSketches)).toEqual([]);
    await recordHits(handle.db, [view("/")], day2);
    expect(await row("2026-11-27", "/")).toMatchObject({ views: 1, visitors: 1 });
    // The day's totals outlive its sketches.
    expect(await row("2026-11-26", "/")).toMatchObject({ views: 1, visitors: 1 });
    expect((await handle.db.select().from(analyticsSalts)).map((salt) => salt.day)).toEqual(["2026-11-27"]);
  });

  it("is done by the first hit of a new day, without waiting for the hourly sweep", async () => {
    await recordHits(handle.db, [view("/")], day1);
    await recordHits(handle.db, [view("/about")], day2);
    expect((await handle.db.select().from(analyticsSalts)).map((salt) => salt.day)).toEqual(["2026-11-27"]);
    expect(new Set((await handle.db.select().from(analyticsSketches)).map((seen) => seen.day))).toEqual(
      new Set(["2026-11-27"]),
    );
  });

  it("keeps today's salt and sketches", async () => {
    await recordHits(handle.db, [view("/")], day1);
    await forgetClosedDays(handle.db, day1Later);
    expect(await handle.db.select().from(analyticsSalts)).toHaveLength(1);
    expect(await handle.db.select().from(analyticsSketches)).toHaveLength(2);
  });
});

describe("hitCounter", () => {
  it("leaves out an admin's session, and counts a reader's or nobody's", async () => {
    const count = hitCounter(
      () => handle.db,
      () => day1,
    );
    const admin = await createSession(handle.db, owner.id);
    const signedInReader = await createSession(handle.db, reader.id);
    await count([
      { ...view("/"), session: admin },
      { ...view("/"), session: signedInReader, address: "198.51.100.2" },
      { ...view("/"), address: "198.51.100.3" },
      { ...view("/"), session: "forged.token", address: "198.51.100.4" },
    ]);
    expect(await row("2026-11-26", "/")).toMatchObject({ views: 3, visitors: 3 });
  });
});

describe("analyticsSummary and GET /api/analytics/summary", () => {
  const summaryRoute = endpoints.find((e) => e.method === "GET" && e.path === "/api/analytics/summary");
  const ask = (query: [string, string][]) => {
    if (!summaryRoute) throw new Error("GET /api/analytics/summary is not declared");
    return callEndpoint(summaryRoute, { user: owner, params: {}, query });
  };

  it("answers every day of the period, zeros included, and the busiest pages with their busiest day's visitors", async () => {
    await recordHits(handle.db, [view("/post/a"), view("/post/a", { address: "198.51.100.9" }), view("/")], day1);
    await recordHits(handle.db, [view("/")], day2);
    const response = await ask([
      ["from", "2026-11-25"],
      ["to", "2026-11-27"],
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({
      days: [
        { day: "2026-11-25", views: 0, visitors: 0, turnedAway: 0 },
        { day: "2026-11-26", views: 3, visitors: 2, turnedAway: 0 },
        { day: "2026-11-27", views: 1, visitors: 1, turnedAway: 0 },
      ],
      pages: [
        // One visitor on each of two days is one on the busiest, never two: days are not added up.
        { path: "/", views: 2, visitors: 1, reads: 0 },
        { path: "/post/a", views: 2, visitors: 2, reads: 0 },
      ],
      referrers: [],
      tags: [],
    });
  });

  it.each([
    [
      [
        ["from", "2026-11-27"],
        ["to", "2026-11-26"],
      ],
      "to",
    ],
    [
      [
        ["from", "2026-02-30"],
        ["to", "2026-03-01"],
      ],
      "from",
    ],
    [
      [
        ["from", "2025-01-01"],
        ["to", "2026-11-26"],
      ],
      "to",
    ],
    [[["to", "2026-11-26"]], "from"],
    [
      [
        ["from", "2026-13-01"],
        ["to", "2026-11-26"],
      ],
      "from",
    ],
    [
      [
        ["from", "0000-01-01"],
        ["to", "0000-01-02"],
      ],
      "from",
    ],
  ] as [[string, string][], string][])("refuses %j with 400 naming %s", async (query, field) => {
    const response = await ask(query);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(field);
  });
});
