import { Readable } from "node:stream";
import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import { backupNameSchema } from "@/modules/archive/backup-names";
import { openBackup } from "@/modules/archive/backups.server";
import { backupShelf } from "@/modules/archive/site-backups.server";

/** One kept backup, downloaded as it is read from its folder or bucket. */
export const GET = defineRoute({
  access: "admin",
  fresh: true,
  params: z.object({ name: backupNameSchema }),
  run: async ({ db, params }) => {
    const { body, size } = await openBackup(db, backupShelf(settings()), params.name);
    return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Length": String(size),
        "Content-Disposition": `attachment; filename="${params.name}"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
});
