import type { DeliveryStatus } from "../../../../db/content-statuses.ts";
import type { DeliveryCounts } from "../newsletter-json";

/** What each ledger state is called on the owner's screen. */
export const DELIVERY_WORDS: Record<DeliveryStatus, string> = {
  sent: "Sent",
  pending: "Pending",
  retrying: "Retrying",
  bounced: "Bounced",
  failed: "Failed",
  // The server was handed the whole message and never answered.
  unknown: "May have arrived",
};

const readers = (n: number) => (n === 1 ? "1 reader" : `${String(n)} readers`);

/**
 * What "Send to those who did not get it" asks before it sends: how many readers, and how
 * many of them may have the issue already and would get it twice.
 *
 * @example
 * resendQuestion({ failed: 2, unknown: 1 });
 * // "Send this issue again to 3 readers who did not get it? For 1 of them the outcome is unknown: …"
 */
export function resendQuestion({ failed, unknown }: Pick<DeliveryCounts, "failed" | "unknown">): string {
  const question = `Send this issue again to ${readers(failed + unknown)} who did not get it?`;
  if (unknown === 0) return question;
  return `${question} For ${String(unknown)} of them the outcome is unknown: their mail server was handed the message and never answered, so they may have it already and would get it twice.`;
}
