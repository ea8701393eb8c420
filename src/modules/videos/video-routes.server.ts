import { itemRoutes } from "@/modules/editorial/item-routes.server";
import { autosaveVideo, restoreVideo } from "./video-writes.server";
import { videoInputSchema } from "./schema";
import { serializeAdminVideo } from "./serialize";

/** A video's history and autosave, as the routes under `/api/videos/{id}` serve them. */
export const videoRoutes = itemRoutes({
  kind: "video",
  noun: "Video",
  schema: videoInputSchema,
  restore: restoreVideo,
  autosave: autosaveVideo,
  serialize: serializeAdminVideo,
});
