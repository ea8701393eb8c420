import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import { sendJob } from "@/lib/job-registry";
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
