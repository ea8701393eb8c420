import { z } from "zod";
import { hasControlToken } from "@/lib/control-file.server";
import { defineRoute } from "@/lib/define-route.server";
import { notFound } from "@/lib/errors";
import { settings } from "@/lib/settings.server";
import { adoptExport, cancelImport, confirmImport, importView } from "@/modules/imports/import-requests.server";
import { importOptionsSchema } from "@/modules/imports/import-schemas";
import { importSite } from "@/modules/imports/site-imports.server";
import { siteObjects } from "@/modules/uploads/site-objects.server";

/**
 * `npm run import` while the site runs: the command cannot open the embedded database, so it
 * puts the export in the imports folder and asks the site, with the token of the control
 * file only a process of the site's owner can read. Without that token there is nothing here (404).
 */
function requireToken(request: Request): void {
  if (!hasControlToken(request, settings().dataDir)) throw notFound("Route");
}

const runQuery = z.object({ run: z.coerce.number().int().positive() });

/** Begin the dry run of the export the command put in the imports folder; the run's id. */
export const POST = defineRoute({
  access: "public",
  status: 202,
  body: z.strictObject({ file: z.string().regex(/^[0-9a-f-]{36}\.export$/), fileName: z.string().min(1).max(200) }),
  run: async ({ db, body, context }) => {
    requireToken(context.request);
    return { id: (await adoptExport(db, body.file, body.fileName)).id };
  },
});

/** How the run `run` is going: its report, its progress. */
export const GET = defineRoute({
  access: "public",
  query: runQuery,
  run: ({ db, query, context }) => {
    requireToken(context.request);
    return importView(db, query.run);
  },
});

/** The command's yes to the report: the import begins with its options. */
export const PUT = defineRoute({
  access: "public",
  status: 202,
  query: runQuery,
  body: importOptionsSchema,
  run: async ({ db, query, body, context }) => {
    requireToken(context.request);
    await confirmImport(db, query.run, body);
  },
});

/** A dry run's end: the run is cancelled and its export deleted. */
export const DELETE = defineRoute({
  access: "public",
  query: runQuery,
  run: async ({ db, query, context }) => {
    requireToken(context.request);
    await cancelImport(importSite(settings(), db, await siteObjects()), query.run);
  },
});
