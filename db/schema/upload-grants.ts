import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Each raw upload key handed out, and the account it was handed to: only that account may
 * send the file (the local driver's signed URL, once) and normalise it. A row goes when the
 * upload is normalised, or is swept once it expires.
 */
export const uploadGrants = pgTable(
  "upload_grants",
  {
    key: text().primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When the file arrived through the site's signed URL; set once, so the URL serves one upload. */
    receivedAt: timestamp("received_at", { withTimezone: true }),
  },
  (t) => [index("upload_grants_expires_at_idx").on(t.expiresAt)],
);
