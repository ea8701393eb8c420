import { defineRoute } from "@/lib/define-route.server";
import { notFound } from "@/lib/errors";
import { serializeTheme } from "@/modules/themes/serialize";
import { activeTheme } from "@/modules/themes/themes.server";

export const GET = defineRoute({
  access: "public",
  run: async ({ db }) => {
    const theme = await activeTheme(db);
    if (!theme) throw notFound("Theme");
    return serializeTheme(theme);
  },
});
