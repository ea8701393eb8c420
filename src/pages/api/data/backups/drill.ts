import { defineRoute } from "@/lib/define-route.server";
import { drillState, requestDrill } from "@/modules/archive/backup-drills.server";

/** The drill running and the last one's result: what the data screen polls. */
export const GET = defineRoute({
  access: "admin",
  run: ({ db }) => drillState(db),
});

/** "Run a drill on the newest backup": begins it (409 with no backup, or while one runs); the backup's name. */
export const POST = defineRoute({
  access: "admin",
  status: 202,
  run: async ({ db }) => ({ name: await requestDrill(db) }),
});
