import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { USERNAME_MAX_LENGTH } from "../domain-constants.ts";

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull().unique(),
    // An argon2id PHC string; the column name keeps anyone from mistaking it for a password.
    passwordHash: text("password_hash").notNull(),
    role: text().notNull().default("user"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "users_username_length",
      sql`char_length(${t.username}) between 1 and ${sql.raw(String(USERNAME_MAX_LENGTH))}`,
    ),
  ],
);
