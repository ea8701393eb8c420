import { itemRoutes } from "@/modules/editorial/item-routes.server";
import { autosavePost, restorePost } from "./post-writes.server";
import { postInputSchema } from "./schema";
import { serializeAdminPost } from "./serialize";

/** A post's history and autosave, as the routes under `/api/posts/{id}` serve them. */
export const postRoutes = itemRoutes({
  kind: "post",
  noun: "Post",
  schema: postInputSchema,
  restore: restorePost,
  autosave: autosavePost,
  serialize: serializeAdminPost,
});
