import { defineRoute } from "@/lib/define-route.server";
import { pagedJson } from "@/lib/paged-response.server";
import { listSubscribers, subscribersCsv } from "@/modules/newsletter/subscribers.server";
import { subscriberQuery } from "@/modules/newsletter/issue-schema";

/** The readers, a page at a time, or all that match as CSV (`?format=csv`): the owner's alone, never cached. */
export const GET = defineRoute({
  access: "admin",
  query: subscriberQuery,
  run: async ({ query, db, context }) => {
    if (query.format === "csv") {
      return new Response(await subscribersCsv(db, query), {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": 'attachment; filename="subscribers.csv"',
          "Cache-Control": "private, no-store",
        },
      });
    }
    const response = pagedJson(context.url, await listSubscribers(db, query, query), query, (s) => s);
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  },
});
