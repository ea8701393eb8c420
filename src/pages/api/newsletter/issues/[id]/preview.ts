import { defineRoute } from "@/server/define-route.server";
import { settings } from "@/server/runtime";
import { idParam } from "@/lib/query-schemas";
import { previewLetter } from "@/modules/newsletter/digest.server";
import { itemsOfIssue } from "@/modules/newsletter/issues.server";

/** An issue as its readers would get it, with what it carries now. */
export const GET = defineRoute({
  access: "admin",
  params: idParam,
  run: async ({ params, db }) => {
    const site = settings();
    const { issue, items } = await itemsOfIssue(db, site.siteUrl, params.id);
    return previewLetter(site, issue.subject, items);
  },
});
