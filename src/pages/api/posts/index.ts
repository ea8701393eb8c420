import { defineRoute, isAdmin, requireAdmin } from "@/lib/define-route.server";
import { pagedJson } from "@/lib/paged-response.server";
import { listQuery } from "@/modules/editorial/list-query";
import { createPost } from "@/modules/posts/post-writes.server";
import { listPostsPage } from "@/modules/posts/posts.server";
import { postInputSchema } from "@/modules/posts/schema";
import { serializeListedPost } from "@/modules/posts/card";
import { serializeAdminPost } from "@/modules/posts/serialize";

export const GET = defineRoute({
  access: "public",
  query: listQuery,
  run: async ({ query, user, db, context }) => {
    // Drafts and schedules are the admin's; what visitors see is anyone's.
    if (query.status !== "published") requireAdmin(user);
    const serialize = isAdmin(user) && query.view === "full" ? serializeAdminPost : serializeListedPost(query.view);
    return pagedJson(context.url, await listPostsPage(db, query, query), query, serialize);
  },
});

export const POST = defineRoute({
  access: "admin",
  body: postInputSchema,
  status: 201,
  run: async ({ body, user, db }) => serializeAdminPost(await createPost(db, body, { authorId: user.id })),
});
