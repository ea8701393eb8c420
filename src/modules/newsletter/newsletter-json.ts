import type { DeliveryStatus, IssueStatus, SubscriberStatus } from "../../../db/content-statuses.ts";
import type { IssueItem } from "./issue-item";

// What the newsletter's admin calls answer, shared by the endpoints and the admin screen.

/** How many copies of an issue stand where. */
export type DeliveryCounts = Record<DeliveryStatus, number> & { total: number };

export interface IssueJson {
  id: number;
  subject: string;
  status: IssueStatus;
  digest: boolean;
  postIds: number[];
  videoIds: number[];
  overLimit: boolean;
  createdAt: string;
  sendAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  pausedReason: string | null;
  counts: DeliveryCounts;
}

/** One reader's copy, as the ledger shows it. */
export interface DeliveryJson {
  id: number;
  subscriberId: number;
  email: string;
  status: DeliveryStatus;
  attempts: number;
  response: string | null;
  sentAt: string | null;
  nextAttemptAt: string | null;
  updatedAt: string;
}

export interface IssueLedgerJson extends IssueJson {
  deliveries: { total: number; items: DeliveryJson[] };
}

/** A reader as the admin's list shows them. */
export interface SubscriberJson {
  id: number;
  email: string;
  status: SubscriberStatus;
  createdAt: string;
  confirmedAt: string | null;
}

export type SubscriberCounts = Record<SubscriberStatus | "all", number>;

/** The readers by status, and the confirmations waiting because the hour's budget is spent. */
export type ReaderCountsJson = SubscriberCounts & { heldConfirmations: number; confirmationsPerHour: number };

/** A message as the admin previews it: what it carries and how it looks. */
export interface LetterPreview {
  subject: string;
  items: IssueItem[];
  html: string;
  text: string;
}

export interface DigestJson {
  dayOfMonth: number;
  nextDigestAt: string;
  preview: LetterPreview;
}

/** One message kept in the outbox. */
export interface OutboxMessage {
  file: string;
  date: string | null;
  to: string;
  subject: string;
  /** The List-Unsubscribe header, so the owner can see each message carries one. */
  listUnsubscribe: string | null;
}

export interface OutboxJson {
  enabled: boolean;
  total: number;
  messages: OutboxMessage[];
}
