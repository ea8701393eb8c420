import { defineRoute, isAdmin } from "@/lib/define-route.server";
import { notFound } from "@/lib/errors";
import { refAsId, refAsSlug } from "@/lib/query-schemas";
import { deletePost, updatePost } from "@/modules/posts/post-writes.server";
import { postBySlug } from "@/modules/posts/posts.server";
import { postInputSchema } from "@/modules/posts/schema";
import { serializeAdminPost, serializePost } from "@/modules/posts/serialize";

export const GET = defineRoute({
  access: "public",
  params: refAsSlug,
  run: async ({ params, user, db }) => {
    // A draft's slug is not found, but by the admin.
    const admin = isAdmin(user);
    const post = await postBySlug(db, params.slug, { anyStatus: admin });
    if (!post) throw notFound("Post");
    return admin ? serializeAdminPost(post) : serializePost(post);
  },
});

export const PUT = defineRoute({
  access: "admin",
  params: refAsId,
  body: postInputSchema,
  run: async ({ params, body, user, db }) =>
    serializeAdminPost(await updatePost(db, params.id, body, { authorId: user.id })),
});

export const DELETE = defineRoute({
  access: "admin",
  params: refAsId,
  run: ({ params, db }) => deletePost(db, params.id),
});
