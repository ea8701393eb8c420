import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Upload permissions already used. A signed upload URL may be used once: its nonce is
 * recorded here on use, and forgotten when the URL would have expired anyway.
 */
export const uploadTickets = pgTable("upload_tickets", {
  nonce: text().primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
