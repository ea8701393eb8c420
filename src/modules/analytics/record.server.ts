import { createHmac, randomBytes } from "node:crypto";
import { and, count, eq, inArray, lt, sql } from "drizzle-orm";
import { analyticsPages, analyticsSalts, analyticsSketches, analyticsSources } from "../../../db/schema/index.ts";
import type { Db } from "@/lib/db.server";
import type { CountedHit } from "./hit";
import { VisitorSketch } from "./visitor-sketch";
import { addToSketches } from "./visitor-sketches.server";

/** The whole site's row in `analytics_pages`: totals, and visitors counted once across pages. */
export const SITE_PATH = "";

/** Distinct referrers (and tags) a day keeps; past it, new ones are counted as "other". */
export const MAX_SOURCES_PER_DAY = 200;
export const OTHER_SOURCE = "other";

/** The UTC day of `at`, as the tables key it. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The day's salt, made by the first instance that needs it; every instance shares it. The
 * first hit of a new day also forgets the days before it, so a closed day's salt and
 * sketches are gone at once rather than at the next hourly sweep.
 */
async function daySalt(db: Db, day: string, now: Date): Promise<string> {
  const made = await db
    .insert(analyticsSalts)
    .values({ day, salt: randomBytes(32).toString("base64url") })
    .onConflictDoNothing()
    .returning({ day: analyticsSalts.day });
  if (made.length > 0) await forgetClosedDays(db, now);
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  if (!row) throw new Error(`No analytics salt for ${day}`);
  return row.salt;
}

/**
 * A visitor for one day: a keyed hash of their address and browser under that day's salt.
 * It only goes into the day's sketches, which keep no hash; once the salt is deleted nobody,
 * the owner included, can tell whose it was.
 */
export const visitorHash = (salt: string, address: string, userAgent: string): Uint8Array =>
  createHmac("sha256", salt).update(`${address}\n${userAgent}`).digest();

interface Tally {
  views: number;
  reads: number;
}

/** The sources a day may still add: known ones always, new ones up to the day's bound. */
async function boundedSources(db: Db, day: string, wanted: Map<string, number>): Promise<Map<string, number>> {
  const kept = new Map<string, number>();
  for (const kind of ["referrer", "tag"] as const) {
    const names = [...wanted.keys()]
      .filter((key) => key.startsWith(`${kind}\n`))
      .map((key) => key.slice(kind.length + 1));
    if (names.length === 0) continue;
    const where = and(eq(analyticsSources.day, day), eq(analyticsSources.kind, kind));
    const known = new Set(
      (
        await db
          .select({ name: analyticsSources.name })
          .from(analyticsSources)
          .where(and(where, inArray(analyticsSources.name, names)))
      ).map((row) => row.name),
    );
    const [stored] = await db.select({ n: count() }).from(analyticsSources).where(where);
    let room = MAX_SOURCES_PER_DAY - (stored?.n ?? 0);
    for (const name of names) {
      const visits = wanted.get(`${kind}\n${name}`) ?? 0;
      let as = name;
      if (!known.has(name)) {
        if (room > 0) room -= 1;
        else as = OTHER_SOURCE;
      }
      kept.set(`${kind}\n${as}`, (kept.get(`${kind}\n${as}`) ?? 0) + visits);
    }
  }
  return kept;
}

/**
 * Add hits to the day's totals: views, reads and visitors per page and for the site, and
 * visits per referrer and tag. A visitor goes into the day's sketch of each page they saw
 * and of the site, so however often they come back they are counted once a day in each;
 * only the sketches' growth is added to the totals. `turnedAway` beacons (refused or dropped
 * by the front) are added to the site's row. No address, browser's name or hash is written.
 */
export async function recordHits(db: Db, hits: readonly CountedHit[], now = new Date(), turnedAway = 0): Promise<void> {
  if (hits.length === 0 && turnedAway === 0) return;
  const day = utcDay(now);
  const pages = new Map<string, Tally>([[SITE_PATH, { views: 0, reads: 0 }]]);
  const sketches = new Map<string, VisitorSketch>();
  const sources = new Map<string, number>();
  const tally = (path: string): Tally => {
    let entry = pages.get(path);
    if (!entry) pages.set(path, (entry = { views: 0, reads: 0 }));
    return entry;
  };
  const salt = hits.some((hit) => hit.kind === "view") ? await daySalt(db, day, now) : "";
  for (const hit of hits) {
    const times = hit.times ?? 1;
    if (hit.kind === "read") {
      tally(hit.path).reads += times;
      tally(SITE_PATH).reads += times;
      continue;
    }
    tally(hit.path).views += times;
    tally(SITE_PATH).views += times;
    const visitor = visitorHash(salt, hit.address, hit.userAgent);
    for (const path of [hit.path, SITE_PATH]) {
      let sketch = sketches.get(path);
      if (!sketch) sketches.set(path, (sketch = new VisitorSketch()));
      sketch.add(visitor);
    }
    if (hit.referrer) sources.set(`referrer\n${hit.referrer}`, (sources.get(`referrer\n${hit.referrer}`) ?? 0) + times);
    if (hit.tag) sources.set(`tag\n${hit.tag}`, (sources.get(`tag\n${hit.tag}`) ?? 0) + times);
  }
  await db.transaction(async (tx) => {
    const grown = await addToSketches(tx, day, sketches);
    await tx
      .insert(analyticsPages)
      .values(
        [...pages]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([path, counted]) => ({
            day,
            path,
            ...counted,
            visitors: grown.get(path) ?? 0,
            turnedAway: path === SITE_PATH ? turnedAway : 0,
          })),
      )
      .onConflictDoUpdate({
        target: [analyticsPages.day, analyticsPages.path],
        set: {
          views: sql`${analyticsPages.views} + excluded.views`,
          reads: sql`${analyticsPages.reads} + excluded.reads`,
          visitors: sql`${analyticsPages.visitors} + excluded.visitors`,
          turnedAway: sql`${analyticsPages.turnedAway} + excluded.turned_away`,
        },
      });
    if (sources.size === 0) return;
    const kept = await boundedSources(tx, day, sources);
    await tx
      .insert(analyticsSources)
      .values(
        [...kept].map(([key, visits]) => {
          const [kind = "", name = ""] = key.split("\n");
          return { day, kind, name, visits };
        }),
      )
      .onConflictDoUpdate({
        target: [analyticsSources.day, analyticsSources.kind, analyticsSources.name],
        set: { visits: sql`${analyticsSources.visits} + excluded.visits` },
      });
  });
}

/**
 * Forget what only served to count a day's visitors once: the sketches and the salt of every
 * day that has closed. Run hourly, so no salt outlives its day by more than an hour, well
 * inside the 48 hours the README promises; a visitor after midnight is a new visitor.
 */
export async function forgetClosedDays(db: Db, now = new Date()): Promise<void> {
  const today = utcDay(now);
  await db.delete(analyticsSketches).where(lt(analyticsSketches.day, today));
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, today));
}
