import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./columns.ts";
import { users } from "./users.ts";

/** Sessions per the Lucia guide: the token's secret is stored only as its SHA-256 hash. */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    secretHash: bytea("secret_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastVerifiedAt: timestamp("last_verified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);
