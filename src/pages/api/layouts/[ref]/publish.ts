import { defineRoute } from "@/lib/define-route.server";
import { refAsId } from "@/lib/query-schemas";
import { layoutPublishSchema } from "@/modules/page-layouts/api-schema";
import { setPublishedVersion } from "@/modules/page-layouts/layouts.server";
import { serializeLayout } from "@/modules/page-layouts/serialize";

/** Make a version what visitors see. */
export const POST = defineRoute({
  access: "admin",
  params: refAsId,
  body: layoutPublishSchema,
  run: async ({ params, body, db }) => serializeLayout(await setPublishedVersion(db, params.id, body.versionId)),
});

/** Show visitors the page without a design. */
export const DELETE = defineRoute({
  access: "admin",
  params: refAsId,
  run: async ({ params, db }) => serializeLayout(await setPublishedVersion(db, params.id, null)),
});
