import { defineRoute } from "@/lib/define-route.server";
import { idParam } from "@/lib/query-schemas";
import { serializeTheme } from "@/modules/themes/serialize";
import { findRevision } from "@/modules/themes/themes.server";

export const GET = defineRoute({
  access: "admin",
  params: idParam,
  run: async ({ params, db }) => serializeTheme(await findRevision(db, params.id)),
});
