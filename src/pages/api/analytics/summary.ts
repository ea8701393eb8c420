import { defineRoute } from "@/lib/define-route.server";
import { analyticsSummary } from "@/modules/analytics/summary.server";
import { summaryQuery } from "@/modules/analytics/summary-query";

/** A period's daily views and visitors, busiest pages, referrers and tags: the owner's alone, never cached. */
export const GET = defineRoute({
  access: "admin",
  query: summaryQuery,
  run: async ({ query, db }) => {
    const summary = await analyticsSummary(db, query.from, query.to);
    return new Response(JSON.stringify(summary), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  },
});
