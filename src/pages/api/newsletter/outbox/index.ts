import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import { readOutbox } from "@/modules/newsletter/outbox.server";

/**
 * What the site would have mailed, with no SMTP server set: the newest messages in the
 * outbox. With one set nothing is kept, and the list says so.
 */
export const GET = defineRoute({
  access: "admin",
  run: async () => {
    const { mail } = settings();
    if (mail.smtpUrl) return { enabled: false, total: 0, messages: [] };
    const response = { enabled: true, ...(await readOutbox(mail.outboxDir)) };
    return new Response(JSON.stringify(response), {
      headers: { "Content-Type": "application/json", "Cache-Control": "private, no-store" },
    });
  },
});
