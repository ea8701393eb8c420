import { eq } from "drizzle-orm";
import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { notFound } from "@/lib/errors";
import { idParam, idText } from "@/lib/query-schemas";
import { createPreviewLink, PREVIEW_PATH, revokePreviewLinks } from "./preview-links.server";
import { serializeRevision, serializeRevisionWithDocument } from "./revision-json";
import {
  discardAutosave,
  listRevisions,
  pendingAutosave,
  revisionOf,
  type RevisionSubject,
  type SavedBy,
} from "./revisions.server";

/** How the history routes reach one kind of item: its table, its writes and its form. */
export interface RevisedItem<Data, Row> {
  kind: RevisionSubject["kind"];
  /** What the API calls it in a 404: "Post", "Video". */
  noun: string;
  schema: z.ZodType<Data>;
  restore(db: Db, id: number, revisionId: number, by: SavedBy): Promise<Row>;
  autosave(db: Db, id: number, data: Data, by: SavedBy): Promise<void>;
  serialize(row: Row): unknown;
}

const revisionParams = idParam.extend({ revisionId: idText("Revision id") });

async function itemSubject(db: Db, item: { kind: RevisionSubject["kind"]; noun: string }, id: number) {
  const table = item.kind === "post" ? tables.posts : tables.videos;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  if (!row) throw notFound(item.noun);
  return { kind: item.kind, id } satisfies RevisionSubject;
}

/**
 * The admin routes of one kind of item beyond reading and writing it: its history (list,
 * read one, restore one), the dialog's autosave (read, keep, discard) and its preview links
 * (make one, revoke all). Posts and videos mount the same routes.
 */
export function itemRoutes<Data, Row>(item: RevisedItem<Data, Row>) {
  return {
    list: defineRoute({
      access: "admin",
      params: idParam,
      run: async ({ params, db }) =>
        (await listRevisions(db, await itemSubject(db, item, params.id))).map(serializeRevision),
    }),
    one: defineRoute({
      access: "admin",
      params: revisionParams,
      run: async ({ params, db }) => {
        const revision = await revisionOf(db, await itemSubject(db, item, params.id), params.revisionId);
        if (!revision) throw notFound("Revision");
        return serializeRevisionWithDocument(revision);
      },
    }),
    restore: defineRoute({
      access: "admin",
      params: revisionParams,
      run: async ({ params, user, db }) =>
        item.serialize(await item.restore(db, params.id, params.revisionId, { authorId: user.id })),
    }),
    readAutosave: defineRoute({
      access: "admin",
      params: idParam,
      run: async ({ params, db }) => {
        const autosave = await pendingAutosave(db, await itemSubject(db, item, params.id));
        return { autosave: autosave && serializeRevisionWithDocument(autosave) };
      },
    }),
    keepAutosave: defineRoute({
      access: "admin",
      params: idParam,
      body: item.schema,
      run: async ({ params, body, user, db }) => {
        await item.autosave(db, params.id, body, { authorId: user.id });
      },
    }),
    discardAutosave: defineRoute({
      access: "admin",
      params: idParam,
      run: async ({ params, db }) => {
        if (!(await discardAutosave(db, await itemSubject(db, item, params.id)))) throw notFound("Autosave");
      },
    }),
    createPreviewLink: defineRoute({
      access: "admin",
      params: idParam,
      status: 201,
      run: async ({ params, db }) => {
        const { token, expiresAt } = await createPreviewLink(db, await itemSubject(db, item, params.id));
        return { url: `${settings().siteUrl}${PREVIEW_PATH}${token}`, expiresAt: expiresAt.toISOString() };
      },
    }),
    revokePreviewLinks: defineRoute({
      access: "admin",
      params: idParam,
      run: async ({ params, db }) => ({
        revoked: await revokePreviewLinks(db, await itemSubject(db, item, params.id)),
      }),
    }),
  };
}
