import { defineRoute } from "@/server/define-route.server";
import { runtime } from "@/server/runtime";
import { idParam } from "@/lib/query-schemas";
import { SEND_JOB } from "@/modules/newsletter/deliver-issue.server";
import { resumeIssue } from "@/modules/newsletter/issues.server";

/** Go on sending an issue its mail server's failures paused. */
export const POST = defineRoute({
  access: "admin",
  params: idParam,
  run: async ({ params, db }) => {
    const issue = await resumeIssue(db, params.id);
    await runtime().jobs?.send(SEND_JOB);
    return { status: issue.status };
  },
});
