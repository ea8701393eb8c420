import type { ContentStatus, PublicationInput } from "./publication";

/**
 * What the owner asked for with the button they pressed: keep the item where it stands
 * (Update, Save), publish it now, keep or make it a draft, or schedule it.
 */
export type PublishIntent = "keep" | "publish" | "draft" | "schedule";

/**
 * The body's publication fields for an intent. `scheduleAt` is the owner's local date and
 * time as a `datetime-local` input holds it ("2026-12-01T09:30"), read in their time zone
 * and sent in UTC; unreadable, it is sent as it is, for the schema to refuse in words.
 */
export function publicationFor(intent: PublishIntent, scheduleAt: string): PublicationInput {
  if (intent === "keep") return {};
  if (intent === "publish") return { status: "published" };
  if (intent === "draft") return { status: "draft" };
  const at = new Date(scheduleAt);
  return { status: "scheduled", publishedAt: Number.isNaN(at.getTime()) ? scheduleAt : at.toISOString() };
}

/** The notice a save ends with, in the spec's voice ("Post Created", "Post Updated"). */
export function savedNotice(
  noun: string,
  before: ContentStatus | undefined,
  after: ContentStatus,
  spec: { created: string; updated: string },
): string {
  if (after === "scheduled") return before === "scheduled" ? spec.updated : `${noun} Scheduled`;
  if (after === "draft") {
    if (before === "published") return `${noun} Unpublished`;
    if (before === "scheduled") return "Schedule Cancelled";
    return "Draft Saved";
  }
  if (before === undefined) return spec.created;
  return before === "published" ? spec.updated : `${noun} Published`;
}
