import { defineRoute } from "@/lib/define-route.server";
import { sendJob } from "@/lib/job-registry";
import { idParam } from "@/lib/query-schemas";
import { resumeIssue } from "@/modules/newsletter/issues.server";

/** Go on sending an issue its mail server's failures paused. */
export const POST = defineRoute({
  access: "admin",
  params: idParam,
  run: async ({ params, db }) => {
    const issue = await resumeIssue(db, params.id);
    await sendJob("newsletter-send", {});
    return { status: issue.status };
  },
});
