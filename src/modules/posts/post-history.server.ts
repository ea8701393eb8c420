import { revisionRoutes } from "@/modules/editorial/revision-routes.server";
import { autosavePost, restorePost } from "./post-writes.server";
import { postInputSchema } from "./schema";
import { serializeAdminPost } from "./serialize";

/** A post's history and autosave, as the routes under `/api/posts/{id}` serve them. */
export const postHistory = revisionRoutes({
  kind: "post",
  noun: "Post",
  schema: postInputSchema,
  restore: restorePost,
  autosave: autosavePost,
  serialize: serializeAdminPost,
});
