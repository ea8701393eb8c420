import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { posts } from "./posts.ts";

export const postImages = pgTable(
  "post_images",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    imageUrl: text("image_url").notNull(),
    // What the image shows (its alt text), and words shown under it, if any.
    description: text(),
    caption: text(),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("post_images_post_id_idx").on(t.postId, t.displayOrder)],
);
