import { defineRoute } from "@/lib/define-route.server";
import { tables } from "@/lib/db.server";
import { statusCounts } from "@/modules/editorial/visibility.server";

/** How many videos are drafts, scheduled and published, for the manager's filter. */
export const GET = defineRoute({
  access: "admin",
  run: ({ db }) => statusCounts(db, tables.videos),
});
