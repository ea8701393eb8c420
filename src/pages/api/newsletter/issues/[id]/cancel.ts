import { defineRoute } from "@/lib/define-route.server";
import { idParam } from "@/lib/query-schemas";
import { cancelSend } from "@/modules/newsletter/issues.server";

/** Undo a send inside its window: the issue is a draft again and nothing left. */
export const POST = defineRoute({
  access: "admin",
  params: idParam,
  run: async ({ params, db }) => ({ status: (await cancelSend(db, params.id)).status }),
});
