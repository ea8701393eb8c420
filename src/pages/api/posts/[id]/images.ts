import { defineRoute, isAdmin } from "@/lib/define-route.server";
import { notFound } from "@/lib/errors";
import { idParam } from "@/lib/query-schemas";
import { addPostImage } from "@/modules/posts/post-writes.server";
import { postGallery } from "@/modules/posts/posts.server";
import { postImageInputSchema } from "@/modules/posts/schema";
import { serializePostImage } from "@/modules/posts/serialize";

export const GET = defineRoute({
  access: "public",
  params: idParam,
  run: async ({ params, user, db }) => {
    const images = await postGallery(db, params.id, { anyStatus: isAdmin(user) });
    if (!images) throw notFound("Post");
    return images.map(serializePostImage);
  },
});

export const POST = defineRoute({
  access: "admin",
  params: idParam,
  body: postImageInputSchema,
  maxBytes: 16 * 1024,
  status: 201,
  run: async ({ params, body, db }) => serializePostImage(await addPostImage(db, params.id, body)),
});
