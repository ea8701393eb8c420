import { itemRoutes } from "@/modules/editorial/item-routes.server";
import { postWrites } from "./post-writes.server";
import { serializeAdminPost } from "./serialize";

/** A post's history and autosave, as the routes under `/api/posts/{id}` serve them. */
export const postRoutes = itemRoutes({ ...postWrites, serialize: serializeAdminPost });
