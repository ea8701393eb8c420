import { defineRoute } from "@/lib/define-route.server";
import { DomainError } from "@/lib/errors";
import { seeOther } from "@/lib/http.server";
import { routeName } from "@/lib/log-unexpected";
import { settings } from "@/lib/settings.server";
import { database } from "@/lib/site-database.server";
import { archiveDownload } from "@/modules/archive/archive-download.server";
import { archiveRequestOfForm, archiveRequestSchema } from "@/modules/archive/schema";
import { siteObjects } from "@/modules/uploads/site-objects.server";

/**
 * Everything the site holds, as one zip, downloaded as it is made (the admin's "Download
 * everything", a form post, or JSON). A form that fails lands back on its page, saying why.
 */
export const POST = defineRoute({
  access: "admin",
  // Everything the site holds, readers' addresses too: asked for again after ten minutes.
  fresh: true,
  body: archiveRequestSchema,
  form: archiveRequestOfForm,
  run: async ({ body, db, context }) =>
    archiveDownload(db, body, {
      store: await siteObjects(),
      engine: database().engine,
      siteName: settings().siteName,
      route: routeName(context),
    }),
  onError: (error, { isForm }) => {
    if (!isForm) return undefined;
    const code = error instanceof DomainError ? error.code : undefined;
    const reasons: Partial<Record<string, string>> = {
      rate_limited: "busy",
      invalid: "unanswered",
      reauthenticate: "reauthenticate",
    };
    const reason = (code && reasons[code]) ?? "failed";
    return seeOther(`/admin/data?download=${reason}`);
  },
});
