import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import { notFound } from "@/lib/errors";
import { letterPage } from "@/modules/newsletter/letter-page.server";
import { OUTBOX_FILE, readOutboxMessage } from "@/modules/newsletter/outbox.server";

const fileParam = z.object({ file: z.string().regex(OUTBOX_FILE, "Not a message of the outbox") });

/** One message of the outbox as its reader's mail program would show it. */
export const GET = defineRoute({
  access: "admin",
  params: fileParam,
  run: async ({ params }) => {
    const { mail } = settings();
    if (mail.smtpUrl) throw notFound("Message");
    return letterPage(await readOutboxMessage(mail.outboxDir, params.file));
  },
});
