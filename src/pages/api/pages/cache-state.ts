import { defineRoute } from "@/lib/define-route.server";
import { sitePages } from "@/modules/publishing/site-pages.server";
import { cacheState, cacheStateQuery } from "@/modules/publishing/cache-state";

export const GET = defineRoute({
  access: "admin",
  query: cacheStateQuery,
  run: ({ query }) => ({ path: query.path, ...cacheState(sitePages(), query.path) }),
});
