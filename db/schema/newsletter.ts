import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { SUBSCRIBER_STATUSES } from "../content-statuses.ts";

/**
 * The newsletter's readers. An address is `pending` until its owner confirms it from the
 * message sent to it (double opt-in), then `active`; `unsubscribed` and `bounced` are kept,
 * so a send never reaches them again.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // Stored trimmed and lowercased, so uniqueness is by address, not by spelling.
    email: text().notNull().unique(),
    status: text({ enum: SUBSCRIBER_STATUSES }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // When the confirmation was last sent: at most one an hour, however often the form is sent.
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    // Consent: when the reader pressed Confirm.
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "newsletter_subscribers_status_known",
      sql`${t.status} in (${sql.raw(SUBSCRIBER_STATUSES.map((s) => `'${s}'`).join(", "))})`,
    ),
    // Who a send goes to, and the pending addresses the housekeeping clears.
    index("newsletter_subscribers_status_idx").on(t.status, t.id),
  ],
);
