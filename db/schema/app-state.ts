import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Facts about the installation itself, such as when the sample content was seeded, so
 * that a site whose owner deleted every post is never seeded again.
 */
export const appState = pgTable("app_state", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
