import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// Analytics keep daily totals only (decision 18). Nothing here holds an address, a user
// agent or a cookie; a visitor is a keyed hash that means something for one day alone.

/** Each day's random salt, shared by every instance; deleted 48 hours after its day began. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date({ mode: "string" }).primaryKey(),
  salt: text().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which visitors (hashes) a day has seen, site-wide (path "") and per page, so each is
 * counted once a day; dropped once the day has closed.
 */
export const analyticsVisitors = pgTable(
  "analytics_visitors",
  {
    day: date({ mode: "string" }).notNull(),
    path: text().notNull(),
    visitor: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.path, table.visitor] })],
);

/** A day's totals per public page, and for the whole site under path "". */
export const analyticsPages = pgTable(
  "analytics_pages",
  {
    day: date({ mode: "string" }).notNull(),
    path: text().notNull(),
    views: integer().notNull().default(0),
    visitors: integer().notNull().default(0),
    /** Reads of a post to its end, or watches of a video past half. */
    reads: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.path] })],
);

/** A day's visits by where they came from: a referring host, or a `ref` / `utm_source` tag. */
export const analyticsSources = pgTable(
  "analytics_sources",
  {
    day: date({ mode: "string" }).notNull(),
    kind: text().notNull(),
    name: text().notNull(),
    visits: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.kind, table.name] }),
    check("analytics_sources_kind_known", sql`${table.kind} in ('referrer', 'tag')`),
  ],
);
