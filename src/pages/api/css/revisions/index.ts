import { defineRoute } from "@/lib/define-route.server";
import { revisionsQuery } from "@/modules/themes/schema";
import { serializeRevision } from "@/modules/themes/serialize";
import { listRevisions } from "@/modules/themes/themes.server";

export const GET = defineRoute({
  access: "admin",
  query: revisionsQuery,
  run: async ({ query, db }) => (await listRevisions(db, query.before)).map(serializeRevision),
});
