import { sql, type SQL } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { SUBSCRIBER_STATUSES } from "../content-statuses.ts";

/**
 * The mailbox the address in `column` reaches, as SQL: lowercased, its `+tag` dropped
 * whatever the domain (most providers deliver `name+anything@` to `name@`; for one that does
 * not, two readers lose no more than a day's wait for a confirmation), and at Gmail, which
 * ignores dots in the name and answers at googlemail.com too, without dots, at gmail.com.
 * Plain text, as drizzle-kit writes a generated column's expression only from raw SQL.
 */
function mailboxSql(column: string): string {
  // The tag goes first: `j.doe+x@gmail.com` → `j.doe@gmail.com`; a name that is all tag stays.
  const untagged = `regexp_replace(lower(${column}), '^([^@+]+)\\+[^@]*@', '\\1@')`;
  return (
    `(case when substring(${untagged} from '@([^@]*)$') in ('gmail.com', 'googlemail.com') ` +
    `then replace(regexp_replace(${untagged}, '@[^@]*$', ''), '.', '') || '@gmail.com' else ${untagged} end)`
  );
}

/**
 * The mailbox of an address that may not be stored yet, by the same definition as the column.
 * @example mailboxOf("J.Doe+news@googlemail.com") // SQL that gives 'jdoe@gmail.com'
 */
export const mailboxOf = (email: string): SQL =>
  sql`(select ${sql.raw(mailboxSql("address"))} from (select ${email}::text as address) as given)`;

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // Stored trimmed and lowercased, so uniqueness is by address, not by spelling.
    email: text().notNull().unique(),
    // Derived by the database rather than written by the code, so every row has it whoever
    // inserted it (old rows, tests, a script), by one definition. Not unique: each spelling
    // someone signed up with stays its own row, and the bounds count them together.
    mailbox: text()
      .notNull()
      .generatedAlwaysAs(sql.raw(mailboxSql("email"))),
    status: text({ enum: SUBSCRIBER_STATUSES }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // When a confirmation was last sent (or taken to be sent): at most one a day per mailbox.
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    // When a confirmation was asked for that has not gone yet: it waits in this queue for the
    // site's hourly budget of confirmations (`confirmations.server.ts`).
    confirmationWantedAt: timestamp("confirmation_wanted_at", { withTimezone: true }),
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
    // Whether a mailbox had its confirmation today, by any of its spellings.
    index("newsletter_subscribers_mailbox_idx").on(t.mailbox),
    // The confirmations sent within the hour, against the site's budget.
    index("newsletter_subscribers_confirmation_sent_idx").on(t.confirmationSentAt),
    // The confirmations waiting to be sent, oldest first.
    index("newsletter_subscribers_confirmation_wanted_idx")
      .on(t.confirmationWantedAt)
      .where(sql`${t.confirmationWantedAt} is not null`),
  ],
);
