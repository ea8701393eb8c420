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
    // How the session was made (a `SignInMethod`): a password alone does not count once the account has a second factor.
    method: text().notNull().default("password"),
    // When its holder last proved who they are: what cannot be undone asks again after 10 minutes.
    provenAt: timestamp("proven_at", { withTimezone: true }).notNull().defaultNow(),
    address: text().notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);
