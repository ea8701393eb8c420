import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

export const cssThemes = pgTable(
  "css_themes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    description: text(),
    cssContent: text("css_content").notNull(),
    isActive: boolean("is_active").notNull().default(false),
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
