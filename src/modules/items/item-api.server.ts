import { defineRoute, isAdmin, requireAdmin } from "@/lib/define-route.server";
import { notFound } from "@/lib/errors";
import { pagedJson } from "@/lib/paged-response.server";
import { refAsId, refAsSlug, searchPageQuery } from "@/lib/query-schemas";
import { itemRoutes } from "@/modules/editorial/item-routes.server";
import { listQuery } from "@/modules/editorial/list-query";
import type { itemListings } from "./item-listings";
import type { itemReads } from "./item-reads.server";
import type { ItemData, itemWrites } from "./item-writes.server";
import type { ItemRow } from "./item-table.server";

/** How the API serves one kind of item: its reads and writes, and how each reader gets it. */
export interface ServedItem<Data extends ItemData, Row extends ItemRow> {
  reads: Pick<ReturnType<typeof itemReads<Row>>, "page" | "search" | "recent" | "bySlug">;
  /** Its writes, with what the API calls it in a 404 and the schema its bodies are read by. */
  writes: ReturnType<typeof itemWrites<Data, Row>>;
  /** As visitors read it (SPEC §3's fields), as a listing sends it (whole or its card), and a search (with a snippet). */
  listings: Pick<ReturnType<typeof itemListings<Row, object, never>>, "serialize" | "listed" | "searched">;
  /** As the admin reads it: with its own words and where it stands. */
  serializeAdmin: (row: Row) => unknown;
}

/**
 * The routes of one kind of item at `/api/{kind}` and `/api/{kind}/{ref}`: list a page
 * (drafts and schedules are the admin's), create, search, the newest, read one by slug,
 * update and delete one by id; and, under `editorial`, the editorial routes of one item.
 * Posts and videos mount the same routes.
 */
export function itemApi<Data extends ItemData, Row extends ItemRow>(item: ServedItem<Data, Row>) {
  const { reads, writes, listings, serializeAdmin } = item;
  return {
    /** Its history, autosave and preview links, under `/api/{kind}/{id}`. */
    editorial: itemRoutes({ ...writes, serialize: serializeAdmin }),
    list: defineRoute({
      access: "public",
      query: listQuery,
      run: async ({ query, user, db, context }) => {
        // Drafts and schedules are the admin's; what visitors see is anyone's.
        if (query.status !== "published") requireAdmin(user);
        const serialize = isAdmin(user) && query.view === "full" ? serializeAdmin : listings.listed(query.view);
        return pagedJson(context.url, await reads.page(db, query, query), query, serialize);
      },
    }),
    create: defineRoute({
      access: "admin",
      body: writes.schema,
      status: 201,
      run: async ({ body, user, db }) => serializeAdmin(await writes.create(db, body, { authorId: user.id })),
    }),
    search: defineRoute({
      access: "public",
      query: searchPageQuery,
      run: async ({ query, db, context }) =>
        pagedJson(context.url, await reads.search(db, query.q, query), query, listings.searched(query.view, query.q)),
    }),
    recent: defineRoute({
      access: "public",
      run: async ({ db }) => (await reads.recent(db)).map(listings.serialize),
    }),
    read: defineRoute({
      access: "public",
      params: refAsSlug,
      run: async ({ params, user, db }) => {
        // A draft's slug is not found, but by the admin.
        const admin = isAdmin(user);
        const row = await reads.bySlug(db, params.slug, { anyStatus: admin });
        if (!row) throw notFound(writes.noun);
        return admin ? serializeAdmin(row) : listings.serialize(row);
      },
    }),
    update: defineRoute({
      access: "admin",
      params: refAsId,
      body: writes.schema,
      run: async ({ params, body, user, db }) =>
        serializeAdmin(await writes.update(db, params.id, body, { authorId: user.id })),
    }),
    remove: defineRoute({
      access: "admin",
      params: refAsId,
      run: ({ params, db }) => writes.remove(db, params.id),
    }),
  };
}
