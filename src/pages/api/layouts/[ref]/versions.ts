import { defineRoute } from "@/lib/define-route.server";
import { refAsId } from "@/lib/query-schemas";
import { versionsQuery } from "@/modules/page-layouts/api-schema";
import { listVersions } from "@/modules/page-layouts/layout-reads.server";
import { versionsJson } from "@/modules/page-layouts/versions-response.server";

export const GET = defineRoute({
  access: "admin",
  params: refAsId,
  query: versionsQuery,
  run: async ({ params, query, db, context }) =>
    versionsJson(context.url, await listVersions(db, params.id, query.before)),
});
