import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import { idParam } from "@/lib/query-schemas";
import { issuePreview } from "@/modules/newsletter/digest.server";
import { letterPage } from "@/modules/newsletter/letter-page.server";

/** An issue as a reader's mail program would show it, for the admin screen's frame. */
export const GET = defineRoute({
  access: "admin",
  params: idParam,
  run: async ({ params, db }) => letterPage((await issuePreview(db, settings(), params.id)).html),
});
