import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Failed sign-ins per account from clients it has not signed in from, across all
 * addresses: the account-wide cap and its growing delays. Keyed by the lower-cased name
 * tried, known or not, so the cap does not tell which names exist.
 */
export const loginFailures = pgTable("login_failures", {
  name: text().primaryKey(),
  count: integer().notNull(),
  lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * The addresses each account signed in from lately (a few per account): guessing from
 * one of them does not count against the account.
 */
export const signInAddresses = pgTable(
  "sign_in_addresses",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: text().notNull(),
    signedInAt: timestamp("signed_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);
