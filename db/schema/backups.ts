import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** What a restore drill of a backup found (src/modules/archive/restore-drill.server.ts makes it). */
export interface DrillResult {
  /** When the drill began. */
  at: string;
  /** The archive's file name. */
  archive: string;
  ok: boolean;
  /** Each table whose rows, counted in the restored database, are not the manifest's; or why the restore failed. */
  differences: string[];
  /** Per table: the rows the manifest counts, and those the restored database holds. */
  tables: Record<string, { expected: number; restored: number }>;
  ms: number;
}

/**
 * One row per backup run, running or ended: what the dashboard's warning and the data
 * screen's list read, and how a second run learns one is under way. A finished backup's
 * file is under `name` in the backups folder or bucket; a failed run keeps its reason.
 */
export const backups = pgTable(
  "backups",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    status: text().notNull().default("running"),
    /** Who asked: the schedule, the admin screen, or `npm run backup`. */
    trigger: text().notNull(),
    /** The finished file's name; set only once it is verified and in place. */
    name: text().unique(),
    /** The process running it (`host:pid`), so one killed on this machine is known at once to have stopped. */
    holder: text().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** Touched as the run goes: a running row untouched for a minute was stopped mid-way. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** How far along, from 0 to 1. */
    progress: real().notNull().default(0),
    bytes: bigint({ mode: "number" }),
    /** Rows per table, as the archive's manifest counts them. */
    tables: jsonb().$type<Record<string, number>>(),
    error: text(),
    /** Set while a restore drill of this backup runs, so a second one waits for it. */
    drillStartedAt: timestamp("drill_started_at", { withTimezone: true }),
    /** What the last drill of this backup found. */
    drill: jsonb().$type<DrillResult>(),
  },
  (t) => [
    check("backups_status", sql`${t.status} in ('running', 'ok', 'failed')`),
    index("backups_started_at").on(t.startedAt),
    // One run at a time, across every process and instance: a second is refused by the database itself.
    uniqueIndex("backups_one_running")
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
);
