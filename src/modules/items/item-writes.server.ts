import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgInsertValue, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "@/lib/db.server";
import { notFound } from "@/lib/errors";
import { allocateSlug, type SlugSource } from "@/lib/unique-slug.server";
import { changeOf } from "@/modules/publishing/content-tags";
import { announce } from "@/modules/editorial/announce.server";
import { nextPublication, type Publication, type PublicationInput } from "@/modules/editorial/publication";
import { endPreviewLinksIfPublished } from "@/modules/editorial/preview-links.server";
import { lockedPublication } from "@/modules/editorial/visibility.server";
import {
  keepAutosave,
  keepRevision,
  restoredInput,
  saveReason,
  type RevisionSubject,
  type SavedBy,
} from "@/modules/editorial/revisions.server";
import { rowsOf, type ItemRow, type ItemSource, type ItemTable } from "./item-table.server";

/** What every item's form sends: its title, and where it should stand. */
export type ItemData = PublicationInput & { title: string };

/** What a revision's document is made from: the row saved, or an autosave's form beside where the item stands. */
export type DocumentSource<Data, Row> = Row | (Data & Publication);

/** What an import gives a create beyond the form's fields. */
export interface CreateGiven<Row> {
  /** Where the free slug is found from, in place of the title. */
  slug?: string;
  /** Where the item stands, dates and all, in place of where a form's save would put it. */
  publication?: Publication;
  /** Rows that stand or fall with the item, written in its transaction. */
  alongside?: (tx: Db, saved: Row) => Promise<void>;
}

/** How one kind of item is written: its table, its form, and what it keeps beside its row. */
export interface WrittenItem<Data extends ItemData, Row extends ItemRow> extends ItemSource<Row> {
  kind: RevisionSubject["kind"];
  /** What the API calls it in a 404: "Post", "Video". */
  noun: string;
  schema: z.ZodType<Data>;
  /** The row's columns from the form: everything but what the server derives or stores apart. */
  values: (data: Data) => Record<string, unknown>;
  /** The item as a revision keeps it: `item`'s fields, and whatever the kind keeps beside its row. */
  document: (
    item: DocumentSource<Data, Row>,
    data: Data,
    tx: Db,
    id: number,
  ) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Write what the kind keeps beside its row (a post's gallery), in the save's transaction. */
  saveParts?: (tx: Db, id: number, data: Data, created: boolean) => Promise<void>;
  /**
   * Refuse (throw) what visitors must not be given, for a save that publishes or schedules
   * the item, or keeps it so: a draft may hold it while it is written.
   */
  checkPublic?: (tx: Db, data: Data) => Promise<void>;
  /** What follows a create or update once it has committed and been announced (a video's ladder). */
  afterSave?: (saved: Row) => Promise<void>;
}

/**
 * The writes posts and videos share, each in one transaction with the revision it keeps:
 * create (a free slug from the title), update (the slug never changes, so links keep
 * working; without `status` the item stays where it stands), restore an older revision,
 * keep the dialog's autosave, delete. Each announces what visitors could see change, and a
 * publish ends the item's preview links.
 */
export function itemWrites<Data extends ItemData, Row extends ItemRow>(item: WrittenItem<Data, Row>) {
  const { kind, noun, table } = item;
  const columns: Record<string, AnyPgColumn> = item.columns;
  const subject = (id: number): RevisionSubject => ({ kind, id });
  const change = changeOf[kind];
  // drizzle cannot check a write to a table chosen at run time; `values` is the kind's own.
  const row = (data: Data, publication: Publication) =>
    ({ ...item.values(data), ...publication }) as PgInsertValue<ItemTable> & PgUpdateSetSource<ItemTable>;
  /** Where the save leaves the item, refused if it goes public with what the kind refuses there. */
  const publicationOf = async (tx: Db, current: Publication | undefined, data: Data): Promise<Publication> => {
    const publication = nextPublication(current, data, new Date());
    if (publication.status !== "draft") await item.checkPublic?.(tx, data);
    return publication;
  };

  /** Where a new item's slug is found free. */
  const slugs: SlugSource = { table, column: table.slug, fallback: kind };

  /**
   * Create an item with its first revision; published now unless it is a draft or scheduled.
   * An import gives more (`CreateGiven`): the slug to start from, where the item stands as
   * the old site had it (its own date), and rows to write in the same transaction.
   */
  async function create(
    db: Db,
    data: Data,
    by: SavedBy = { authorId: null },
    given: CreateGiven<Row> = {},
  ): Promise<Row> {
    const created = await db.transaction(async (tx) => {
      const slug = await allocateSlug(tx, slugs, given.slug ?? data.title);
      const publication = given.publication ?? (await publicationOf(tx, undefined, data));
      if (given.publication && given.publication.status !== "draft") await item.checkPublic?.(tx, data);
      const [saved] = rowsOf<Row>(
        await tx
          .insert(table)
          .values({ ...row(data, publication), slug })
          .returning(columns),
      );
      if (!saved) throw new Error("Insert returned no row");
      await item.saveParts?.(tx, saved.id, data, true);
      await keepRevision(tx, subject(saved.id), {
        reason: "created",
        title: saved.title,
        document: await item.document(saved, data, tx, saved.id),
        authorId: by.authorId,
      });
      await given.alongside?.(tx, saved);
      return saved;
    });
    await announce(change(created.id), undefined, created);
    await item.afterSave?.(created);
    return created;
  }

  /** Update an item, keeping a revision of what it saved. */
  async function update(db: Db, id: number, data: Data, by: SavedBy = { authorId: null }): Promise<Row> {
    const { before, updated } = await db.transaction(async (tx) => {
      const current = await lockedPublication(tx, table, id);
      if (!current) throw notFound(noun);
      const [saved] = rowsOf<Row>(
        await tx
          .update(table)
          .set({ ...row(data, await publicationOf(tx, current, data)), updatedAt: new Date() })
          .where(eq(table.id, id))
          .returning(columns),
      );
      if (!saved) throw notFound(noun);
      await endPreviewLinksIfPublished(tx, subject(id), current, saved);
      await item.saveParts?.(tx, id, data, false);
      await keepRevision(tx, subject(id), {
        reason: by.reason ?? saveReason(current, saved),
        title: saved.title,
        document: await item.document(saved, data, tx, id),
        authorId: by.authorId,
      });
      return { before: current, updated: saved };
    });
    await announce(change(id), before, updated);
    await item.afterSave?.(updated);
    return updated;
  }

  /** Bring back an older revision's fields, as a new save; the item stays as public as it is. */
  async function restore(db: Db, id: number, revisionId: number, by: SavedBy): Promise<Row> {
    const data = await restoredInput(db, subject(id), revisionId, item.schema);
    return update(db, id, data, { ...by, reason: "restored" });
  }

  /** Keep the dialog's work as the item's autosave, never touching the item itself. */
  function autosave(db: Db, id: number, data: Data, by: SavedBy): Promise<void> {
    const document = (current: Publication, tx: Db) => item.document({ ...data, ...current }, data, tx, id);
    return keepAutosave(db, table, { ...subject(id), noun }, data.title, document, by);
  }

  /** Delete an item (what it keeps beside its row, and its history, go with it). */
  async function remove(db: Db, id: number): Promise<void> {
    const [removed] = await db.delete(table).where(eq(table.id, id)).returning({ status: table.status });
    if (!removed) throw notFound(noun);
    await announce(change(id), removed, undefined);
  }

  return { kind, noun, schema: item.schema, slugs, create, update, restore, autosave, remove };
}
