import { defineRoute } from "@/server/define-route.server";
import { subscriberCounts } from "@/modules/newsletter/subscribers.server";

/** How many readers are pending, active, gone and bounced. */
export const GET = defineRoute({
  access: "admin",
  run: ({ db }) => subscriberCounts(db),
});
