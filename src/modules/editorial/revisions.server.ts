import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { conflict, notFound } from "@/lib/errors";
import { currentVersion, upgrade } from "@/lib/versioned-document";
import type { Publication } from "./publication";
import { lockedPublication } from "./visibility.server";
import type { RevisionReason } from "../../../db/content-statuses.ts";
import { standingIn, type Revision, type RevisionSummary } from "./revision-json";
import { revisionKinds } from "./revision-kinds";

const { revisions, users } = tables;

/** The most revisions kept per item; a save beyond it drops the oldest. */
export const REVISIONS_KEPT = 25;

/** Whose history: one post or one video. */
export interface RevisionSubject {
  kind: keyof typeof revisionKinds;
  id: number;
}

/** Who saved, and why when the save itself does not tell (a restore). */
export interface SavedBy {
  authorId: number | null;
  reason?: RevisionReason;
}

/** What one save keeps: why, the title it had, and the whole document as the form sends it. */
export interface RevisionEntry {
  reason: RevisionReason;
  title: string;
  document: Record<string, unknown>;
  authorId: number | null;
}

const itemColumn = (subject: RevisionSubject) => (subject.kind === "post" ? revisions.postId : revisions.videoId);
const ofItem = (subject: RevisionSubject) => eq(itemColumn(subject), subject.id);
/** The version a subject's revisions are written at. */
const schemaVersionOf = (subject: RevisionSubject): number => currentVersion(revisionKinds[subject.kind]);
const owner = (subject: RevisionSubject) =>
  subject.kind === "post" ? { postId: subject.id } : { videoId: subject.id };

/** Why a save is kept, from where the item stood before it and where it stands after. */
export function saveReason(
  before: Pick<Publication, "status"> | undefined,
  after: Pick<Publication, "status">,
): RevisionReason {
  if (!before) return "created";
  if (after.status === "published" && before.status !== "published") return "published";
  if (before.status === "published" && after.status !== "published") return "unpublished";
  return "saved";
}

async function newest(db: Db, subject: RevisionSubject) {
  const [row] = await db
    .select({ id: revisions.id, reason: revisions.reason })
    .from(revisions)
    .where(ofItem(subject))
    .orderBy(desc(revisions.id))
    .limit(1);
  return row;
}

/**
 * Keep a revision, in the transaction of the write it records. An autosave replaces the
 * autosave before it, so a long sitting leaves one, not hundreds; an explicit save drops the
 * pending autosave it supersedes. Beyond `REVISIONS_KEPT` the oldest go.
 */
export async function keepRevision(db: Db, subject: RevisionSubject, entry: RevisionEntry): Promise<void> {
  const last = await newest(db, subject);
  if (last?.reason === "autosave") {
    if (entry.reason === "autosave") {
      await db
        .update(revisions)
        .set({
          title: entry.title,
          document: entry.document,
          schemaVersion: schemaVersionOf(subject),
          authorId: entry.authorId,
          createdAt: new Date(),
        })
        .where(eq(revisions.id, last.id));
      return;
    }
    await db.delete(revisions).where(eq(revisions.id, last.id));
  }
  await db.insert(revisions).values({ ...owner(subject), ...entry, schemaVersion: schemaVersionOf(subject) });
  const column = itemColumn(subject);
  await db
    .delete(revisions)
    .where(
      and(
        ofItem(subject),
        lte(
          revisions.id,
          sql`(select ${revisions.id} from ${revisions} where ${column} = ${subject.id} order by ${revisions.id} desc offset ${REVISIONS_KEPT} limit 1)`,
        ),
      ),
    );
}

const summaryColumns = {
  id: revisions.id,
  reason: revisions.reason,
  createdAt: revisions.createdAt,
  title: revisions.title,
  author: users.username,
};

/**
 * An item's revisions, newest first, each with where the item stood in it but without the
 * rest of its document. The documents are read through `upgrade`, as every read of one is
 * (decision 21): there are 25 at most.
 */
export async function listRevisions(db: Db, subject: RevisionSubject): Promise<RevisionSummary[]> {
  const rows = await db
    .select({ ...summaryColumns, document: revisions.document, schemaVersion: revisions.schemaVersion })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.authorId))
    .where(ofItem(subject))
    .orderBy(desc(revisions.id));
  return rows.map(({ document, schemaVersion, ...summary }) => ({
    ...summary,
    ...standingIn(upgradedOrNull(subject, schemaVersion, document)),
  }));
}

/** A revision's document in today's shape, or null when it no longer reads (its row still lists). */
function upgradedOrNull(subject: RevisionSubject, version: number, data: unknown): Record<string, unknown> | null {
  try {
    return upgrade(revisionKinds[subject.kind], { version, data });
  } catch {
    return null;
  }
}

/**
 * One revision of the item, with its document in today's shape whatever version it was kept
 * at, or null when the item has no such revision.
 */
export async function revisionOf(db: Db, subject: RevisionSubject, revisionId: number): Promise<Revision | null> {
  const [row] = await db
    .select({ ...summaryColumns, document: revisions.document, schemaVersion: revisions.schemaVersion })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.authorId))
    .where(and(ofItem(subject), eq(revisions.id, revisionId)))
    .limit(1);
  if (!row) return null;
  const { schemaVersion, document: stored, ...summary } = row;
  const document = upgrade(revisionKinds[subject.kind], { version: schemaVersion, data: stored });
  return { ...summary, ...standingIn(document), document };
}

/** The item's autosave not yet saved or discarded, if its newest revision is one. */
export async function pendingAutosave(db: Db, subject: RevisionSubject): Promise<Revision | null> {
  const last = await newest(db, subject);
  return last?.reason === "autosave" ? revisionOf(db, subject, last.id) : null;
}

/**
 * Keep the dialog's work as the item's autosave, never touching the item itself: what
 * visitors read changes only when the owner saves. `document` is read under the item's lock.
 */
export async function keepAutosave(
  db: Db,
  table: Parameters<typeof lockedPublication>[1],
  subject: RevisionSubject & { noun: string },
  title: string,
  document: (current: Publication, tx: Db) => Promise<Record<string, unknown>> | Record<string, unknown>,
  by: SavedBy,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockedPublication(tx, table, subject.id);
    if (!current) throw notFound(subject.noun);
    await keepRevision(tx, subject, {
      reason: "autosave",
      title,
      document: await document(current, tx),
      authorId: by.authorId,
    });
  });
}

/** Throw away the item's pending autosave; true when there was one. */
export async function discardAutosave(db: Db, subject: RevisionSubject): Promise<boolean> {
  const last = await newest(db, subject);
  if (last?.reason !== "autosave") return false;
  await db.delete(revisions).where(eq(revisions.id, last.id));
  return true;
}

/**
 * An older revision's document as the save that restores it: its fields, upgraded from the
 * version they were kept at, without where it stood, so a restore brings back the words and
 * images and leaves the item as public as it is. Only a document the form refuses once
 * upgraded (hand-edited, or a migration missing) is a 409.
 */
export async function restoredInput<S extends z.ZodType>(
  db: Db,
  subject: RevisionSubject,
  revisionId: number,
  schema: S,
): Promise<z.output<S>> {
  const revision = await revisionOf(db, subject, revisionId);
  if (!revision) throw notFound("Revision");
  const { status: _status, publishedAt: _publishedAt, ...fields } = revision.document;
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw conflict("This revision no longer fits the form: copy what you need from it instead");
  return parsed.data;
}
