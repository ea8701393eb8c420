import { itemApi } from "@/modules/items/item-api.server";
import { videoListings } from "./card";
import { videoWrites } from "./video-writes.server";
import { searchVideos, videoReads } from "./videos.server";
import { serializeAdminVideo } from "./serialize";

/** A video's routes: reads and writes at `/api/videos` and `/api/videos/{ref}`, its history and autosave under `/api/videos/{id}`. */
export const videoRoutes = itemApi({
  reads: { ...videoReads, search: searchVideos },
  writes: videoWrites,
  listings: videoListings,
  serializeAdmin: serializeAdminVideo,
});
