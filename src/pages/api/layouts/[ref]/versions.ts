import { defineRoute } from "@/lib/define-route.server";
import { refAsId } from "@/lib/query-schemas";
import { listVersions } from "@/modules/page-layouts/layouts.server";
import { serializeVersion } from "@/modules/page-layouts/serialize";

export const GET = defineRoute({
  access: "admin",
  params: refAsId,
  run: async ({ params, db }) => (await listVersions(db, params.id)).map(serializeVersion),
});
