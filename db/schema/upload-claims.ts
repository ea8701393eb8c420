import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Each raw upload key that normalize has taken: one call normalises a file, once. Handing
 * out a key writes nothing (its permission is signed, and the key names its account), so
 * this row is what tells the site a key is spent: its upload URL is refused from then on,
 * and a file sent to it again is never normalised. Swept once no URL naming the key can
 * still be used.
 */
export const uploadClaims = pgTable(
  "upload_claims",
  {
    key: text().primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("upload_claims_expires_at_idx").on(t.expiresAt)],
);
