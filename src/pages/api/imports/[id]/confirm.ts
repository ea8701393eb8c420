import { defineRoute } from "@/lib/define-route.server";
import { idParam } from "@/lib/query-schemas";
import { confirmImport } from "@/modules/imports/import-requests.server";
import { importOptionsSchema } from "@/modules/imports/import-schemas";

/** The owner's answer to the report: the import begins (409 if it is not waiting, or another one runs). */
export const POST = defineRoute({
  access: "admin",
  params: idParam,
  body: importOptionsSchema,
  status: 202,
  run: async ({ db, params, body }) => {
    await confirmImport(db, params.id, body);
  },
});
