import { boolean, integer, jsonb, pgTable, text, timestamp, unique, type AnyPgColumn } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * The designer's document for one page; `elements` is the list of layout elements (SPEC §3),
 * always a copy of its newest version. Visitors see the published version, if any.
 */
export const pageLayouts = pgTable("page_layouts", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  pageName: text("page_name").notNull().unique(),
  pageType: text("page_type").notNull().default("page"),
  elements: jsonb().notNull(),
  /** The version of the document `elements` was written at (`upgrade` in `versioned-document.ts`). */
  schemaVersion: integer("schema_version").notNull().default(1),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  changeDescription: text("change_description"),
  publishedVersionId: integer("published_version_id").references((): AnyPgColumn => layoutVersions.id, {
    onDelete: "set null",
  }),
});

export const layoutVersions = pgTable(
  "layout_versions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    layoutId: integer("layout_id")
      .notNull()
      .references(() => pageLayouts.id, { onDelete: "cascade" }),
    versionNumber: integer("version_number").notNull(),
    elements: jsonb().notNull(),
    schemaVersion: integer("schema_version").notNull().default(1),
    changeDescription: text("change_description"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [unique("layout_versions_layout_version_unique").on(t.layoutId, t.versionNumber)],
);
