import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { idText } from "@/lib/query-schemas";
import { IMMUTABLE } from "@/lib/http-policy";
import { activeTheme } from "@/modules/themes/themes.server";

const stylesheetQuery = z.object({
  // The revision a public page links; an admin page's time stamp (`t`) is read by nobody.
  v: idText("Revision").optional(),
  t: z.string().max(20).optional(),
});

/**
 * The active theme as a stylesheet (SPEC §7). Asked for by the revision in force, it never
 * changes, so browsers keep it for good; asked for otherwise (an admin page's time stamp, a
 * page linking a revision since replaced), it is checked again on every use.
 */
export const GET = defineRoute({
  access: "public",
  query: stylesheetQuery,
  run: async ({ query, db, context }) => {
    const theme = await activeTheme(db);
    const etag = `"theme-${theme?.id ?? 0}"`;
    const headers = {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": theme && query.v === theme.id ? IMMUTABLE : "no-cache",
      ETag: etag,
    };
    if (context.request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
    return new Response(theme?.cssContent ?? "", { headers });
  },
});
