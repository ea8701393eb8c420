import { z } from "zod";
import { CONTENT_STATUSES, type ContentStatus } from "../../../db/content-statuses.ts";

export { CONTENT_STATUSES, type ContentStatus };

/** What an admin's list shows: one status, or every item. */
export type StatusFilter = ContentStatus | "all";

/** The filters of the managers' lists, in the order they show. */
export const STATUS_FILTERS = ["all", ...CONTENT_STATUSES] as const satisfies readonly StatusFilter[];

/**
 * The fields a create or update body may carry about publication. Without `status` a create
 * publishes now and an update keeps the item where it stands, as the spec's payloads mean;
 * `publishedAt` is the time a scheduled item goes public, and is taken for nothing else.
 * Beside another status it is what an admin's GET says (`publicationJson`): null for a
 * draft, the time a published item went public, which publishing sets. So that
 * representation saves when sent back, those are accepted and ignored (`checkPublication`).
 */
export const publicationFields = {
  status: z.enum(CONTENT_STATUSES, { error: `Status must be one of: ${CONTENT_STATUSES.join(", ")}` }).optional(),
  publishedAt: z.iso.datetime({ offset: true, error: "Publish time must be an ISO 8601 date and time" }).nullish(),
};

/** What a body says of publication, as `publicationFields` read it. */
export interface PublicationInput {
  status?: ContentStatus;
  publishedAt?: string | null;
}

/**
 * Refuse a publication that cannot be: a schedule with no time or a time already past, a
 * time for anything but a schedule. Checked against the clock of whoever validates (the
 * form, then the server), so a time that passed while the form was open is refused.
 * A published item's past time is the one its GET shows, taken back and ignored; a future
 * one would mean a schedule, and publishing at once instead cannot be undone, so it is
 * refused rather than ignored.
 */
export function checkPublication(input: PublicationInput, issue: (path: string, message: string) => void): void {
  if (input.status === "scheduled") {
    if (!input.publishedAt) issue("publishedAt", "A scheduled item needs a publish time");
    else if (Date.parse(input.publishedAt) <= Date.now()) issue("publishedAt", "Publish time must be in the future");
  } else if (input.publishedAt) {
    if (input.status !== "published") issue("publishedAt", "A publish time is set only when scheduling");
    else if (Date.parse(input.publishedAt) > Date.now()) {
      issue("publishedAt", "A publish time in the future is a schedule: set the status to scheduled");
    }
  }
}

/** Where an item stands: its status, and when it went or goes public. */
export interface Publication {
  status: ContentStatus;
  publishedAt: Date;
  /** How late it went public, in seconds, when no instance was running at its time. */
  lateSeconds: number | null;
}

/**
 * Where an item stands after a write: `current` is the stored item (none for a create).
 * Publishing something not yet public dates it now; a published item keeps its date
 * through edits; a draft keeps the date it had, which nobody sees.
 */
export function nextPublication(current: Publication | undefined, input: PublicationInput, now: Date): Publication {
  const status = input.status ?? current?.status ?? "published";
  if (status === "scheduled") {
    const publishedAt = input.publishedAt ? new Date(input.publishedAt) : (current?.publishedAt ?? now);
    return { status, publishedAt, lateSeconds: null };
  }
  if (status === "published" && current?.status === "published") return current;
  return { status, publishedAt: status === "published" ? now : (current?.publishedAt ?? now), lateSeconds: null };
}

/**
 * Late by more than this, an item a server's start publishes went public late because no
 * instance was running. An instance that starts while others run may find an item due this
 * very moment, before their job for it has run: a few seconds past its time is not late.
 */
export const LATE_AT_START_SECONDS = 10;

/** Whether the public sees an item in this state (what `isPublic` decides in SQL). */
export const isPublished = (publication: Pick<Publication, "status">): boolean => publication.status === "published";

/** How late an item went public, as a card says it beside its badge: "12 minutes late: the site was not running". */
export function lateBy(lateSeconds: number | null): string | null {
  if (lateSeconds === null) return null;
  const minutes = Math.round(lateSeconds / 60);
  const hours = Math.round(lateSeconds / 3600);
  const days = Math.round(lateSeconds / 86_400);
  const amount =
    lateSeconds < 60
      ? plural(Math.max(1, lateSeconds), "second")
      : lateSeconds < 5400
        ? plural(minutes, "minute")
        : lateSeconds < 129_600
          ? plural(hours, "hour")
          : plural(days, "day");
  return `${amount} late: the site was not running`;
}

/** What the admin reads about an item that went public late: "Published 12 minutes late: the site was not running". */
export function lateNote(lateSeconds: number | null): string | null {
  const late = lateBy(lateSeconds);
  return late && `Published ${late}`;
}

const plural = (n: number, unit: string) => `${String(n)} ${unit}${n === 1 ? "" : "s"}`;

/** Where an item stands, as an admin's response says it: a draft has no publish date yet. */
export function publicationJson(item: Publication) {
  return {
    status: item.status,
    publishedAt: item.status === "draft" ? null : item.publishedAt.toISOString(),
    lateSeconds: item.lateSeconds,
  };
}
