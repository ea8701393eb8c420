import { defineRoute } from "@/lib/define-route.server";
import { layoutCreateSchema, layoutsQuery } from "@/modules/page-layouts/api-schema";
import { createLayout, findLayout } from "@/modules/page-layouts/layouts.server";
import { serializeLayout } from "@/modules/page-layouts/serialize";

/**
 * The page's layout as a list of none or one: how the editors ask, so a page without a
 * layout yet is an empty answer rather than a 404 the browser reports as an error.
 */
export const GET = defineRoute({
  access: "admin",
  query: layoutsQuery,
  run: async ({ query, db }) => {
    const layout = await findLayout(db, query.page);
    return layout ? [serializeLayout(layout)] : [];
  },
});

export const POST = defineRoute({
  access: "admin",
  body: layoutCreateSchema,
  status: 201,
  run: async ({ body, user, db }) => serializeLayout(await createLayout(db, body, user.id)),
});
