import { itemRoutes } from "@/modules/editorial/item-routes.server";
import { videoWrites } from "./video-writes.server";
import { serializeAdminVideo } from "./serialize";

/** A video's history and autosave, as the routes under `/api/videos/{id}` serve them. */
export const videoRoutes = itemRoutes({ ...videoWrites, serialize: serializeAdminVideo });
