import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import { idParam } from "@/lib/query-schemas";
import { issuePreview } from "@/modules/newsletter/digest.server";

/** An issue as its readers would get it: what it carries now, its HTML and its plain text. */
export const GET = defineRoute({
  access: "admin",
  params: idParam,
  run: ({ params, db }) => issuePreview(db, settings(), params.id),
});
