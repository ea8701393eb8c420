import { defineRoute } from "@/lib/define-route.server";
import { DEFAULT_THEME_CSS } from "@/modules/themes/default-theme";
import { serializeTheme } from "@/modules/themes/serialize";
import { resetToDefault } from "@/modules/themes/themes.server";

export const POST = defineRoute({
  access: "admin",
  status: 201,
  run: async ({ user, db }) => serializeTheme(await resetToDefault(db, DEFAULT_THEME_CSS, user.id)),
});
