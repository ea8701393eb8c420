import { defineRoute, isFresh } from "@/lib/define-route.server";
import { reauthenticate } from "@/lib/errors";
import { pagedJson } from "@/lib/paged-response.server";
import { listSubscribers, subscribersCsv } from "@/modules/newsletter/subscribers.server";
import { subscriberQuery } from "@/modules/newsletter/issue-schema";

/** The readers, a page at a time, or all that match as CSV (`?format=csv`): the owner's alone, never cached. */
export const GET = defineRoute({
  access: "admin",
  query: subscriberQuery,
  run: async ({ query, db, context }) => {
    if (query.format === "csv") {
      // Every reader's address at once, as a file: asked for again after ten minutes, as a download of everything is.
      if (!isFresh(context.locals.provenAt)) throw reauthenticate();
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
