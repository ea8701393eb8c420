import { defineRoute } from "@/lib/define-route.server";
import { notFound } from "@/lib/errors";
import { layoutStylesheetQuery, refAsPageName } from "@/modules/page-layouts/api-schema";
import { publishedLayout } from "@/modules/page-layouts/layout-reads.server";
import { publishedStylesheet } from "@/modules/page-layouts/published-stylesheet.server";
import { IMMUTABLE } from "@/lib/http-policy";

/**
 * The published design of a page as a stylesheet. Asked for by the tag of the bytes in force,
 * it never changes, so browsers keep it for good; asked for by any other, it is the one in
 * force now, checked again on every use.
 */
export const GET = defineRoute({
  access: "public",
  params: refAsPageName,
  query: layoutStylesheetQuery,
  run: async ({ params, query, db, context }) => {
    const layout = await publishedLayout(db, params.pageName);
    if (!layout) throw notFound("Published layout");
    const { css, tag } = publishedStylesheet(layout.elements);
    const etag = `"layout-${tag}"`;
    const headers = {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": query.v === tag ? IMMUTABLE : "no-cache",
      ETag: etag,
    };
    if (context.request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
    return new Response(css, { headers });
  },
});
