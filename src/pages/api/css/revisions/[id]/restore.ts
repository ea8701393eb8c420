import { defineRoute } from "@/lib/define-route.server";
import { idParam } from "@/lib/query-schemas";
import { serializeTheme } from "@/modules/themes/serialize";
import { restoreRevision } from "@/modules/themes/themes.server";

export const POST = defineRoute({
  access: "admin",
  params: idParam,
  status: 201,
  run: async ({ params, user, db }) => serializeTheme(await restoreRevision(db, params.id, user.id)),
});
