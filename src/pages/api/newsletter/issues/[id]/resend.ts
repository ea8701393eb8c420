import { defineRoute } from "@/lib/define-route.server";
import { sendJob } from "@/lib/job-registry";
import { idParam } from "@/lib/query-schemas";
import { resendUndelivered } from "@/modules/newsletter/issues.server";

/** "Send to those who did not get it": only the copies given up on go again. */
export const POST = defineRoute({
  access: "admin",
  params: idParam,
  run: async ({ params, db }) => {
    const issue = await resendUndelivered(db, params.id);
    await sendJob("newsletter-send", {});
    return { status: issue.status };
  },
});
