import { defineRoute } from "@/lib/define-route.server";
import { THEME_CSS_MAX_BYTES } from "@/modules/themes/css-problem";
import { themeSaveSchema } from "@/modules/themes/schema";
import { serializeTheme } from "@/modules/themes/serialize";
import { saveTheme } from "@/modules/themes/themes.server";

export const POST = defineRoute({
  access: "admin",
  body: themeSaveSchema,
  // Room for the largest theme, escaped as JSON, so an oversized one is told its size.
  maxBytes: THEME_CSS_MAX_BYTES * 2,
  status: 201,
  run: async ({ body, user, db }) => serializeTheme(await saveTheme(db, body, user.id)),
});
