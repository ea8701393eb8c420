import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { REVISION_REASONS } from "../content-statuses.ts";
import { posts } from "./posts.ts";
import { users } from "./users.ts";
import { videos } from "./videos.ts";

/**
 * What a post or video was after one save: its whole document as the form sends it, so a
 * restore is a save of that document. Each row belongs to exactly one post or one video and
 * goes with it; at most a few dozen are kept per item (the newest), so history stays small.
 */
export const revisions = pgTable(
  "revisions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer("post_id").references(() => posts.id, { onDelete: "cascade" }),
    videoId: integer("video_id").references(() => videos.id, { onDelete: "cascade" }),
    reason: text({ enum: REVISION_REASONS }).notNull(),
    title: text().notNull(),
    document: jsonb().notNull(),
    /** The version of the document it was written at (`upgrade` in `versioned-document.ts`). */
    schemaVersion: integer("schema_version").notNull().default(1),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("revisions_one_item", sql`num_nonnulls(${t.postId}, ${t.videoId}) = 1`),
    check("revisions_reason_known", sql`${t.reason} in (${sql.raw(REVISION_REASONS.map((r) => `'${r}'`).join(", "))})`),
    // An item's history, newest first: the list, the cap and the autosave all read it so.
    index("revisions_post_idx")
      .on(t.postId, t.id.desc())
      .where(sql`${t.postId} is not null`),
    index("revisions_video_idx")
      .on(t.videoId, t.id.desc())
      .where(sql`${t.videoId} is not null`),
  ],
);
