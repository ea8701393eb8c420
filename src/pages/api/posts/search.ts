import { defineRoute } from "@/lib/define-route.server";
import { pagedJson } from "@/lib/paged-response.server";
import { searchPageQuery } from "@/lib/query-schemas";
import { searchPosts } from "@/modules/posts/posts.server";
import { serializeSearchedPost } from "@/modules/posts/card";

export const GET = defineRoute({
  access: "public",
  query: searchPageQuery,
  run: async ({ query, db, context }) =>
    pagedJson(context.url, await searchPosts(db, query.q, query), query, serializeSearchedPost(query.view, query.q)),
});
