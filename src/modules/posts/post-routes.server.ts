import { itemApi } from "@/modules/items/item-api.server";
import { postListings } from "./card";
import { postWrites } from "./post-writes.server";
import { postReads } from "./posts.server";
import { serializeAdminPost } from "./serialize";

/** A post's routes: reads and writes at `/api/posts` and `/api/posts/{ref}`, its history and autosave under `/api/posts/{id}`. */
export const postRoutes = itemApi({
  reads: postReads,
  writes: postWrites,
  listings: postListings,
  serializeAdmin: serializeAdminPost,
});
