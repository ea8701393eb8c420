import { and, between, desc, eq, ne, sql } from "drizzle-orm";
import { analyticsPages, analyticsSources } from "../../../db/schema/index.ts";
import type { Db } from "@/lib/db.server";
import { SITE_PATH } from "./record.server";

/**
 * What `GET /api/analytics/summary` answers: daily figures, never summed into "unique
 * visitors". A day's `turnedAway` counts the beacons the front refused or dropped as a flood.
 * A page's `visitors` is its busiest day's: a visitor is known apart only within one day.
 */
export interface AnalyticsSummary {
  days: { day: string; views: number; visitors: number; turnedAway: number }[];
  pages: { path: string; views: number; visitors: number; reads: number }[];
  referrers: { host: string; visits: number }[];
  tags: { tag: string; visits: number }[];
}

/** How many of the busiest pages, referrers and tags a summary lists. */
export const SUMMARY_TOP = 20;

const DAY_MS = 86_400_000;

/** Every day from `from` to `to`, both included, as `YYYY-MM-DD`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The period's figures: views, visitors and beacons turned away for each day (a day with
 * none is there with zeros, so a chart has no gaps), and the busiest pages, referrers and
 * campaign tags.
 */
export async function analyticsSummary(db: Db, from: string, to: string): Promise<AnalyticsSummary> {
  const inPeriod = between(analyticsPages.day, from, to);
  const daily = await db
    .select({
      day: analyticsPages.day,
      views: analyticsPages.views,
      visitors: analyticsPages.visitors,
      turnedAway: analyticsPages.turnedAway,
    })
    .from(analyticsPages)
    .where(and(inPeriod, eq(analyticsPages.path, SITE_PATH)));
  const byDay = new Map(daily.map((row) => [row.day, row]));
  const views = sql<number>`sum(${analyticsPages.views})::int`;
  const pages = await db
    .select({
      path: analyticsPages.path,
      views,
      visitors: sql<number>`max(${analyticsPages.visitors})::int`,
      reads: sql<number>`sum(${analyticsPages.reads})::int`,
    })
    .from(analyticsPages)
    .where(and(inPeriod, ne(analyticsPages.path, SITE_PATH)))
    .groupBy(analyticsPages.path)
    .orderBy(desc(views), analyticsPages.path)
    .limit(SUMMARY_TOP);
  const sources = (kind: "referrer" | "tag") => {
    const visits = sql<number>`sum(${analyticsSources.visits})::int`;
    return db
      .select({ name: analyticsSources.name, visits })
      .from(analyticsSources)
      .where(and(between(analyticsSources.day, from, to), eq(analyticsSources.kind, kind)))
      .groupBy(analyticsSources.name)
      .orderBy(desc(visits), analyticsSources.name)
      .limit(SUMMARY_TOP);
  };
  return {
    days: daysBetween(from, to).map((day) => ({
      day,
      views: byDay.get(day)?.views ?? 0,
      visitors: byDay.get(day)?.visitors ?? 0,
      turnedAway: byDay.get(day)?.turnedAway ?? 0,
    })),
    pages,
    referrers: (await sources("referrer")).map(({ name, visits }) => ({ host: name, visits })),
    tags: (await sources("tag")).map(({ name, visits }) => ({ tag: name, visits })),
  };
}
