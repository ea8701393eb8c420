import { createHmac, randomBytes } from "node:crypto";
import { and, count, eq, inArray, lt, sql } from "drizzle-orm";
import { analyticsPages, analyticsSalts, analyticsSources, analyticsVisitors } from "../../../db/schema/index.ts";
import type { Db } from "@/lib/db.server";
import type { CountedHit } from "./hit";

/** The whole site's row in `analytics_pages`: totals, and visitors counted once across pages. */
export const SITE_PATH = "";

/** Distinct referrers (and tags) a day keeps; past it, new ones are counted as "other". */
export const MAX_SOURCES_PER_DAY = 200;
export const OTHER_SOURCE = "other";

/** The UTC day of `at`, as the tables key it. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The day's salt, made by the first instance that needs it; every instance shares it. The
 * first hit of a new day also forgets the days before it, so a closed day's salt and hashes
 * are gone at once rather than at the next hourly sweep.
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
 * Once the salt is deleted nobody, the owner included, can tell whose it was.
 */
export const visitorOf = (salt: string, address: string, userAgent: string): string =>
  createHmac("sha256", salt).update(`${address}\n${userAgent}`).digest("base64url").slice(0, 22);

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
 * visits per referrer and tag. One visitor is counted once a day per page and once for the
 * site, however often they come back. Only the day's hashes are written, never an address
 * or a browser's name.
 */
export async function recordHits(db: Db, hits: readonly CountedHit[], now = new Date()): Promise<void> {
  if (hits.length === 0) return;
  const day = utcDay(now);
  const salt = await daySalt(db, day, now);
  const pages = new Map<string, Tally>();
  const visitors = new Map<string, { path: string; visitor: string }>();
  const sources = new Map<string, number>();
  const tally = (path: string): Tally => {
    let entry = pages.get(path);
    if (!entry) pages.set(path, (entry = { views: 0, reads: 0 }));
    return entry;
  };
  for (const hit of hits) {
    const times = hit.times ?? 1;
    if (hit.kind === "read") {
      tally(hit.path).reads += times;
      tally(SITE_PATH).reads += times;
      continue;
    }
    tally(hit.path).views += times;
    tally(SITE_PATH).views += times;
    const visitor = visitorOf(salt, hit.address, hit.userAgent);
    for (const path of [hit.path, SITE_PATH]) visitors.set(`${path}\n${visitor}`, { path, visitor });
    if (hit.referrer) sources.set(`referrer\n${hit.referrer}`, (sources.get(`referrer\n${hit.referrer}`) ?? 0) + times);
    if (hit.tag) sources.set(`tag\n${hit.tag}`, (sources.get(`tag\n${hit.tag}`) ?? 0) + times);
  }
  await db.transaction(async (tx) => {
    const fresh =
      visitors.size === 0
        ? []
        : await tx
            .insert(analyticsVisitors)
            .values([...visitors.values()].map((seen) => ({ day, ...seen })))
            .onConflictDoNothing()
            .returning({ path: analyticsVisitors.path });
    const newVisitors = new Map<string, number>();
    for (const { path } of fresh) newVisitors.set(path, (newVisitors.get(path) ?? 0) + 1);
    await tx
      .insert(analyticsPages)
      .values([...pages].map(([path, counted]) => ({ day, path, ...counted, visitors: newVisitors.get(path) ?? 0 })))
      .onConflictDoUpdate({
        target: [analyticsPages.day, analyticsPages.path],
        set: {
          views: sql`${analyticsPages.views} + excluded.views`,
          reads: sql`${analyticsPages.reads} + excluded.reads`,
          visitors: sql`${analyticsPages.visitors} + excluded.visitors`,
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
 * Forget what only served to count a day's visitors once: the hashes and the salt of every
 * day that has closed. Run hourly, so no salt outlives its day by more than an hour, well
 * inside the 48 hours the README promises; a visitor after midnight is a new visitor.
 */
export async function forgetClosedDays(db: Db, now = new Date()): Promise<void> {
  const today = utcDay(now);
  await db.delete(analyticsVisitors).where(lt(analyticsVisitors.day, today));
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, today));
}
