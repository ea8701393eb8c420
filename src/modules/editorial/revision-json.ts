import { z } from "zod";
import { CONTENT_STATUSES, type ContentStatus, type RevisionReason } from "../../../db/content-statuses.ts";

/** Where the item stood in one revision, for the history to say what kind of change it was. */
export interface RevisionStanding {
  /** Null for a document that does not say (or no longer reads). */
  status: ContentStatus | null;
  /** When it went or goes public, as the document has it. */
  publishedAt: string | null;
}

const standing = z.object({
  status: z.enum(CONTENT_STATUSES).nullable().catch(null),
  publishedAt: z.iso.datetime({ offset: true }).nullable().catch(null),
});

/** Where the item stood in a revision's document (in today's shape); nulls for what it does not say. */
export function standingIn(document: unknown): RevisionStanding {
  const read = standing.safeParse(document);
  return read.success
    ? { status: read.data.status, publishedAt: read.data.publishedAt }
    : { status: null, publishedAt: null };
}

/** One kept save of an item, as the history lists it. */
export interface RevisionSummary extends RevisionStanding {
  id: number;
  reason: RevisionReason;
  createdAt: Date;
  title: string;
  /** Who saved it; null once their account is gone. */
  author: string | null;
}

/** One kept save with its whole document, in today's shape. */
export interface Revision extends RevisionSummary {
  document: Record<string, unknown>;
}

/** A revision as the API lists it. */
export function serializeRevision(revision: RevisionSummary) {
  return {
    id: revision.id,
    reason: revision.reason,
    createdAt: revision.createdAt.toISOString(),
    title: revision.title,
    author: revision.author,
    status: revision.status,
    publishedAt: revision.publishedAt,
  };
}

/** One revision as the API sends it, with its document. */
export function serializeRevisionWithDocument(revision: Revision) {
  return { ...serializeRevision(revision), document: revision.document };
}

export type RevisionJson = ReturnType<typeof serializeRevision>;
export type RevisionWithDocumentJson = ReturnType<typeof serializeRevisionWithDocument>;

/** A revision's document (or any JSON) read as fields; anything but an object has none. */
export const asRecord = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
