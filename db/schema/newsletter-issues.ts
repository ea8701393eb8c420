import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { DELIVERY_STATUSES, ISSUE_STATUSES } from "../content-statuses.ts";
import { newsletterSubscribers } from "./newsletter.ts";

const listOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * One message of the newsletter, sent to every reader at once: the posts and videos it
 * carries (the monthly digest's, or the one the owner chose to email), and where its
 * sending stands. Only one sender works on an issue at a time: the one holding its lease.
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subject: text().notNull(),
    status: text({ enum: ISSUE_STATUSES }).notNull().default("draft"),
    // Made by the monthly digest job rather than by the owner.
    digest: boolean().notNull().default(false),
    postIds: integer("post_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    videoIds: integer("video_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    // The owner sent it although two issues had gone out in the month before.
    overLimit: boolean("over_limit").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // When it leaves: the moment Send was pressed plus the undo window.
    sendAt: timestamp("send_at", { withTimezone: true }),
    // When its readers were fixed and the first message went.
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    // Why it is paused: the mail server's last answer.
    pausedReason: text("paused_reason"),
    // Connection failures in a row; enough of them pause the issue.
    connectionFailures: integer("connection_failures").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
  },
  (t) => [
    check("newsletter_issues_status_known", sql`${t.status} in (${listOf(ISSUE_STATUSES)})`),
    index("newsletter_issues_status_idx").on(t.status, t.sendAt),
  ],
);

/**
 * The ledger: one row per reader of an issue, made when its sending starts (the readers
 * confirmed by then), saying what became of their copy. A row is claimed while its message
 * is on the wire, so a sender that dies leaves at most that one message in doubt.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    issueId: integer("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    // Removing a reader removes what the ledger knew of them.
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    email: text().notNull(),
    status: text({ enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer().notNull().default(0),
    // The receiving server's last reply, or why nothing was sent.
    response: text(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    firstAttemptAt: timestamp("first_attempt_at", { withTimezone: true }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("newsletter_deliveries_status_known", sql`${t.status} in (${listOf(DELIVERY_STATUSES)})`),
    unique("newsletter_deliveries_one_per_reader").on(t.issueId, t.subscriberId),
    index("newsletter_deliveries_due_idx").on(t.issueId, t.status, t.nextAttemptAt),
    index("newsletter_deliveries_subscriber_idx").on(t.subscriberId),
  ],
);
