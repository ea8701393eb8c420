import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * The site's stylesheet as a history of revisions: a save, a restore or a reset adds a row
 * and makes it the active one, so any earlier look can be brought back. Rows are never
 * rewritten but for which one is active.
 */
export const cssThemes = pgTable(
  "css_themes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    description: text(),
    cssContent: text("css_content").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    // Who saved it; the seeded default has nobody, and a removed account leaves its revisions.
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // At most one active theme: the site has exactly one stylesheet in force.
  (t) => [
    uniqueIndex("css_themes_one_active")
      .on(t.isActive)
      .where(sql`${t.isActive}`),
  ],
);
