import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import { backupNameSchema } from "@/modules/archive/backup-names";
import { verifyBackup } from "@/modules/archive/backups.server";
import { backupShelf } from "@/modules/archive/site-backups.server";

/** Check a kept backup as a restore would: every file's checksum and the format; 400 naming the first fault. */
export const POST = defineRoute({
  access: "admin",
  params: z.object({ name: backupNameSchema }),
  run: async ({ db, params }) => {
    const manifest = await verifyBackup(db, backupShelf(settings()), params.name);
    return { ok: true, files: manifest.files.length, tables: manifest.tables };
  },
});
