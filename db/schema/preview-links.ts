import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { posts } from "./posts.ts";
import { videos } from "./videos.ts";

/**
 * A link that shows one unpublished post or video to whoever holds it, until it expires,
 * the owner revokes the item's links, or the item is published (which deletes them). Only the token's SHA-256 is kept: the table read by
 * someone else gives them no link.
 */
export const previewLinks = pgTable(
  "preview_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    postId: integer("post_id").references(() => posts.id, { onDelete: "cascade" }),
    videoId: integer("video_id").references(() => videos.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("preview_links_one_item", sql`num_nonnulls(${t.postId}, ${t.videoId}) = 1`)],
);
