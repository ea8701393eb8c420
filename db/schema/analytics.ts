import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./columns.ts";

// Analytics keep daily totals only (decision 18). Nothing here holds an address, a user
// agent, a cookie or a visitor's hash: a day's visitors are counted in a sketch of their
// hashes, which only tells how many there were.

/** Each day's random salt, shared by every instance; deleted 48 hours after its day began. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date({ mode: "string" }).primaryKey(),
  salt: text().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each day's distinct visitors per page, and for the site under path "": a HyperLogLog sketch
 * of their keyed hashes (`VisitorSketch`), in up to 16 parts of 1,024 registers, a few bytes
 * for a quiet page and about 1 KB a part whatever the traffic. A part is small enough to
 * be rewritten within its page, which the embedded database reclaims without a vacuum.
 * Dropped once the day has closed.
 */
export const analyticsSketches = pgTable(
  "analytics_sketches",
  {
    day: date({ mode: "string" }).notNull(),
    path: text().notNull(),
    part: smallint().notNull(),
    registers: bytea().notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.path, table.part] })],
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
    /**
     * The site's row only: beacons turned away that day, over their network's limit a
     * minute or past the front's cap of distinct hits a second. A day with any looks flooded.
     */
    turnedAway: integer("turned_away").notNull().default(0),
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
