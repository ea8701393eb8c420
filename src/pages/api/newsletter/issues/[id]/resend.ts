import { defineRoute } from "@/server/define-route.server";
import { runtime } from "@/server/runtime";
import { idParam } from "@/lib/query-schemas";
import { SEND_JOB } from "@/modules/newsletter/deliver-issue.server";
import { resendUndelivered } from "@/modules/newsletter/issues.server";

/** "Send to those who did not get it": only the copies given up on go again. */
export const POST = defineRoute({
  access: "admin",
  params: idParam,
  run: async ({ params, db }) => {
    const issue = await resendUndelivered(db, params.id);
    await runtime().jobs?.send(SEND_JOB);
    return { status: issue.status };
  },
});
