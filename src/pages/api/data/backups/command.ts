import { z } from "zod";
import { hasControlToken } from "@/lib/control-file.server";
import { defineRoute } from "@/lib/define-route.server";
import { notFound } from "@/lib/errors";
import { settings } from "@/lib/settings.server";
import { runById } from "@/modules/archive/backup-runs.server";
import { requestBackup, runView } from "@/modules/archive/backup-requests.server";

/**
 * `npm run backup` while the site runs: the command cannot open the embedded database, so it
 * asks the site, with the token of the control file only a process of the site's owner can
 * read (src/lib/control-file.server.ts). Without that token there is nothing here (404).
 */
function requireToken(request: Request): void {
  if (!hasControlToken(request, settings().dataDir)) throw notFound("Route");
}

/** Begin a backup; its run's id. */
export const POST = defineRoute({
  access: "public",
  status: 202,
  run: async ({ db, context }) => {
    requireToken(context.request);
    return { runId: await requestBackup(db, "command") };
  },
});

/** How the run `run` is going. */
export const GET = defineRoute({
  access: "public",
  query: z.object({ run: z.coerce.number().int().positive() }),
  run: async ({ db, query, context }) => {
    requireToken(context.request);
    const run = await runById(db, query.run);
    if (!run) throw notFound("Backup run");
    return runView(run);
  },
});
