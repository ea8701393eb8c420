import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import { heldConfirmations } from "@/modules/newsletter/confirmations.server";
import type { ReaderCountsJson } from "@/modules/newsletter/newsletter-json";
import { subscriberCounts } from "@/modules/newsletter/subscribers.server";

/** How many readers are pending, active, gone and bounced, and how many confirmations the hourly limit holds back. */
export const GET = defineRoute({
  access: "admin",
  run: async ({ db }): Promise<ReaderCountsJson> => {
    const { confirmationsPerHour } = settings().mail;
    return {
      ...(await subscriberCounts(db)),
      heldConfirmations: await heldConfirmations(db, confirmationsPerHour),
      confirmationsPerHour,
    };
  },
});
