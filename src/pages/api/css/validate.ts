import { defineRoute } from "@/lib/define-route.server";
import { THEME_CSS_MAX_BYTES } from "@/modules/themes/css-problem";
import { themeValidateSchema } from "@/modules/themes/schema";
import { checkCss } from "@/modules/themes/site-css-check.server";

// The editor's lint asks the validator that guards saves, so the two never disagree.
export const POST = defineRoute({
  access: "admin",
  body: themeValidateSchema,
  maxBytes: THEME_CSS_MAX_BYTES * 2,
  run: async ({ body }) => ({ problems: await checkCss(body.cssContent) }),
});
