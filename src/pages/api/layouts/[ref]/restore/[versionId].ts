import { defineRoute } from "@/lib/define-route.server";
import { versionParams } from "@/modules/page-layouts/api-schema";
import { restoreVersion } from "@/modules/page-layouts/layouts.server";
import { serializeLayout } from "@/modules/page-layouts/serialize";

export const POST = defineRoute({
  access: "admin",
  params: versionParams,
  run: async ({ params, user, db }) => serializeLayout(await restoreVersion(db, params.id, params.versionId, user.id)),
});
