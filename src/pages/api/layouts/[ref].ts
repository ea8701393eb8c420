import { defineRoute } from "@/lib/define-route.server";
import { notFound } from "@/lib/errors";
import { refAsId } from "@/lib/query-schemas";
import { layoutSaveSchema, refAsPageName } from "@/modules/page-layouts/api-schema";
import { deleteLayout, findLayout, saveLayout } from "@/modules/page-layouts/layouts.server";
import { serializeLayout } from "@/modules/page-layouts/serialize";

// The spec reads a layout by its page's name and writes it by id, on one path.

export const GET = defineRoute({
  access: "admin",
  params: refAsPageName,
  run: async ({ params, db }) => {
    const layout = await findLayout(db, params.pageName);
    if (!layout) throw notFound("Layout");
    return serializeLayout(layout);
  },
});

export const PUT = defineRoute({
  access: "admin",
  params: refAsId,
  body: layoutSaveSchema,
  run: async ({ params, body, user, db }) => serializeLayout(await saveLayout(db, params.id, body, user.id)),
});

export const DELETE = defineRoute({
  access: "admin",
  params: refAsId,
  run: ({ params, db }) => deleteLayout(db, params.id),
});
