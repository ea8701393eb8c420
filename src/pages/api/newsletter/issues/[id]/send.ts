import { defineRoute } from "@/server/define-route.server";
import { settings } from "@/server/runtime";
import { sendJob } from "@/server/job-registry";
import { idParam } from "@/lib/query-schemas";
import { scheduleSend } from "@/modules/newsletter/issues.server";
import { sendInputSchema } from "@/modules/newsletter/issue-schema";

/** Send after the undo window; the minute's sweep sends it even if this wake-up is lost. */
export const POST = defineRoute({
  access: "admin",
  params: idParam,
  body: sendInputSchema,
  run: async ({ params, body, db }) => {
    const { siteUrl, mail } = settings();
    const issue = await scheduleSend(db, siteUrl, params.id, {
      undoSeconds: mail.undoSeconds,
      overLimit: body?.overLimit,
    });
    const sendAt = issue.sendAt ?? new Date();
    await sendJob("newsletter-send", {}, { startAfter: sendAt });
    return { status: issue.status, sendAt: sendAt.toISOString() };
  },
});
