import { defineRoute } from "@/lib/define-route.server";
import { searchQuery } from "@/lib/query-schemas";
import { searchPosts } from "@/modules/posts/posts.server";
import { serializePost } from "@/modules/posts/serialize";

export const GET = defineRoute({
  access: "public",
  query: searchQuery,
  run: async ({ query, db }) => (await searchPosts(db, query.q)).map(serializePost),
});
