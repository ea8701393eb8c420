import { defineRoute } from "@/server/define-route.server";
import { runtime } from "@/server/runtime";
import { cacheState, cacheStateQuery } from "@/modules/publishing/cache-state";

export const GET = defineRoute({
  access: "admin",
  query: cacheStateQuery,
  run: ({ query }) => ({ path: query.path, ...cacheState(runtime().pages, query.path) }),
});
