import { defineRoute } from "@/server/define-route.server";
import { pagedJson } from "@/lib/paged-response.server";
import { categoryPageQuery } from "@/lib/query-schemas";
import { createPost } from "@/modules/posts/post-writes.server";
import { listPostsPage } from "@/modules/posts/posts.server";
import { postInputSchema } from "@/modules/posts/schema";
import { serializeListedPost } from "@/modules/posts/card";
import { serializePost } from "@/modules/posts/serialize";

export const GET = defineRoute({
  access: "public",
  query: categoryPageQuery,
  run: async ({ query, db, context }) =>
    pagedJson(context.url, await listPostsPage(db, query, query), query, serializeListedPost(query.view)),
});

export const POST = defineRoute({
  access: "admin",
  body: postInputSchema,
  status: 201,
  run: async ({ body, db }) => serializePost(await createPost(db, body)),
});
