import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import { listRuns } from "@/modules/imports/import-runs.server";
import { exportName, MAX_EXPORT_BYTES, receiveExport } from "@/modules/imports/import-requests.server";
import { importSite } from "@/modules/imports/site-imports.server";
import { siteObjects } from "@/modules/uploads/site-objects.server";

/** The imports, newest first: what the import screen lists. */
export const GET = defineRoute({
  access: "admin",
  run: async ({ db }) => ({
    imports: (await listRuns(db)).map((run) => ({
      id: run.id,
      fileName: run.fileName,
      source: run.source,
      status: run.status,
      createdAt: run.createdAt.toISOString(),
    })),
  }),
});

/** An export's file as the body (`?name=` its file name): kept, and read for its report; 202 with the run. */
export const POST = defineRoute({
  access: "admin",
  rawBody: true,
  maxBytes: MAX_EXPORT_BYTES,
  status: 202,
  query: z.object({ name: z.string().max(1000) }),
  run: async ({ db, query, context: { request } }) => {
    const site = importSite(settings(), db, await siteObjects());
    const run = await receiveExport(site, request.body, exportName(query.name));
    return { id: run.id };
  },
});
