import { defineRoute } from "@/lib/define-route.server";
import { idParam } from "@/lib/query-schemas";
import { settings } from "@/lib/settings.server";
import { cancelImport, importView } from "@/modules/imports/import-requests.server";
import { importSite } from "@/modules/imports/site-imports.server";
import { siteObjects } from "@/modules/uploads/site-objects.server";

/** One import: where it stands, its report, its progress, and the images it could not bring. */
export const GET = defineRoute({
  access: "admin",
  params: idParam,
  run: ({ db, params }) => importView(db, params.id),
});

/** Cancel an import: before it is confirmed nothing was written; while it runs it stops before its next item. */
export const DELETE = defineRoute({
  access: "admin",
  params: idParam,
  run: async ({ db, params }) => {
    await cancelImport(importSite(settings(), db, await siteObjects()), params.id);
  },
});
