import { defineRoute } from "@/lib/define-route.server";
import { categoryQuery } from "@/lib/query-schemas";
import { createPost } from "@/modules/posts/post-writes.server";
import { listPosts } from "@/modules/posts/posts.server";
import { postInputSchema } from "@/modules/posts/schema";
import { serializePost } from "@/modules/posts/serialize";

export const GET = defineRoute({
  access: "public",
  query: categoryQuery,
  run: async ({ query, db }) => (await listPosts(db, query)).map(serializePost),
});

export const POST = defineRoute({
  access: "admin",
  body: postInputSchema,
  status: 201,
  run: async ({ body, db }) => serializePost(await createPost(db, body)),
});
