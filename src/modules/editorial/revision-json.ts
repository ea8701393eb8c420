import type { RevisionReason } from "../../../db/content-statuses.ts";

/** One kept save of an item, as the history lists it. */
export interface RevisionSummary {
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
