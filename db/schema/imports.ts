import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { posts } from "./posts.ts";
import { videos } from "./videos.ts";

/** Where an import stands: its export read for the report, waiting for the owner, bringing items in, ended. */
export const IMPORT_STATUSES = ["reading", "planned", "importing", "done", "failed", "cancelled"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** How far an import has come, as the admin's progress bar shows it. */
export interface ImportProgress {
  itemsDone: number;
  itemsTotal: number;
  bytesDone: number;
  /** The media's bytes, as far as they are known before they are read (the export's own, and what old sites said). */
  bytesTotal: number;
  /** Published on the old site and meant to stay so, but kept as drafts: the site would not publish them as they are. */
  keptAsDrafts: number;
  /** Items the site could not take. */
  refused: number;
  /** Which, and why (the first hundred). */
  refusals: { item: string; reason: string }[];
}

const statusList = sql.raw(IMPORT_STATUSES.map((s) => `'${s}'`).join(", "));

/**
 * One export brought in, from its upload to its end. Its file waits in the data folder
 * (`file`) until the import ends or is cancelled; the report is the dry run's, the options the
 * owner's answer to it (both shaped in src/modules/imports/, and read through their schemas).
 */
export const importRuns = pgTable(
  "import_runs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The kind of export (`SOURCE_KINDS`), once the file has been read. */
    source: text(),
    /** The file's name as the owner sent it. */
    fileName: text("file_name").notNull(),
    /** Where the export waits, under the data folder's imports folder. */
    file: text().notNull(),
    status: text({ enum: IMPORT_STATUSES }).notNull().default("reading"),
    report: jsonb(),
    options: jsonb(),
    progress: jsonb().$type<ImportProgress>(),
    error: text(),
    /** The process reading or importing it (`host:pid`): one killed on this machine is resumed at once. */
    holder: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Touched as the work goes: a run untouched for a minute while reading or importing has stopped, and is resumed. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("import_runs_status", sql`${t.status} in (${statusList})`),
    index("import_runs_created_at").on(t.createdAt),
    // One import writes at a time, across every instance: a second waits its turn in the queue.
    uniqueIndex("import_runs_one_importing")
      .on(t.status)
      .where(sql`${t.status} = 'importing'`),
  ],
);

/**
 * Each item an import made, by where it came from (`<kind>|<old site>|<source id>`): what makes
 * importing the same export again change nothing, and an import killed mid-way resume
 * without a second copy. Written in the item's own transaction; gone with the item.
 */
export const importedItems = pgTable(
  "imported_items",
  {
    sourceKey: text("source_key").primaryKey(),
    runId: integer("run_id").references(() => importRuns.id, { onDelete: "set null" }),
    postId: integer("post_id").references(() => posts.id, { onDelete: "cascade" }),
    videoId: integer("video_id").references(() => videos.id, { onDelete: "cascade" }),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("imported_items_one_item", sql`num_nonnulls(${t.postId}, ${t.videoId}) = 1`),
    // Deleting a post finds its rows by these, as it does its redirects'.
    index("imported_items_post").on(t.postId),
    index("imported_items_video").on(t.videoId),
  ],
);

/**
 * Each medium an import brought in, or could not, by where it came from
 * (`<kind>|<old site>|<address>`): every image is copied once, however many posts show it
 * and however often the import is run. A failed one keeps why, until the owner sends the file.
 */
export const importedMedia = pgTable(
  "imported_media",
  {
    sourceKey: text("source_key").primaryKey(),
    runId: integer("run_id").references(() => importRuns.id, { onDelete: "set null" }),
    /** The address the bodies were written with, before the import. */
    ref: text().notNull(),
    /** The site's own copy (`/uploads/images/…`); null while it could not be brought. */
    url: text(),
    bytes: bigint({ mode: "number" }),
    failure: text(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("imported_media_url_or_failure", sql`num_nonnulls(${t.url}, ${t.failure}) = 1`),
    index("imported_media_run").on(t.runId),
  ],
);

/**
 * An old address that answers 301 with the page of what now lives here: the paths an
 * imported item had on its old site. Listed, and removable, in the admin; gone with the item.
 */
export const redirects = pgTable(
  "redirects",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The path as a request names it, percent-encoded, without a trailing slash. */
    path: text().notNull().unique(),
    postId: integer("post_id").references(() => posts.id, { onDelete: "cascade" }),
    videoId: integer("video_id").references(() => videos.id, { onDelete: "cascade" }),
    runId: integer("run_id").references(() => importRuns.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("redirects_one_item", sql`num_nonnulls(${t.postId}, ${t.videoId}) = 1`),
    check("redirects_path", sql`${t.path} like '/%'`),
    index("redirects_post").on(t.postId),
    index("redirects_video").on(t.videoId),
  ],
);
