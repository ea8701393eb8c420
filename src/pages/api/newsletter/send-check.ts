import { defineRoute } from "@/lib/define-route.server";
import { monthFull, OVER_LIMIT_REASON } from "@/modules/newsletter/monthly-promise.server";

/** Whether one more issue now waits for the owner's word, and why: asked before Send, so a send is not refused. */
export const GET = defineRoute({
  access: "admin",
  run: async ({ db }) => ({ askFirst: (await monthFull(db)) ? OVER_LIMIT_REASON : null }),
});
