import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import { nextDigestPreview } from "@/modules/newsletter/digest.server";
import { letterPage } from "@/modules/newsletter/letter-page.server";

/** The next digest as a reader's mail program would show it, for the admin screen's frame. */
export const GET = defineRoute({
  access: "admin",
  run: async ({ db }) => letterPage((await nextDigestPreview(db, settings())).html),
});
