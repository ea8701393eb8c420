import { defineRoute } from "@/lib/define-route.server";
import { idParam } from "@/lib/query-schemas";
import { deletePostImage } from "@/modules/posts/post-writes.server";

export const DELETE = defineRoute({
  access: "admin",
  params: idParam,
  run: ({ params, db }) => deletePostImage(db, params.id),
});
