import { tables } from "@/lib/db.server";
import { itemWrites } from "@/modules/items/item-writes.server";
import { videoDocument } from "./video-document";
import { videoInputSchema, type VideoData } from "./schema";
import { videoColumns, type VideoRow } from "./videos.server";
import { storeTranscript } from "./video-transcripts.server";
import { askForLadder } from "./streams/ladder-request.server";

/** The video's columns from the form: everything but the slug, which the server derives, and where it stands. */
function videoValues({ slug: _slug, status: _status, publishedAt: _at, ...fields }: VideoData) {
  return fields;
}

/** A video's writes: the shared ones, over its row alone. */
export const videoWrites = itemWrites<VideoData, VideoRow>({
  kind: "video",
  noun: "Video",
  table: tables.videos,
  columns: videoColumns,
  schema: videoInputSchema,
  values: videoValues,
  document: videoDocument,
  // What its captions say, for search, read again with every save: the file may have changed.
  saveParts: (tx, id) => storeTranscript(tx, id),
  afterSave: askForLadder,
});

export const {
  slugs: videoSlugs,
  create: createVideo,
  update: updateVideo,
  restore: restoreVideo,
  autosave: autosaveVideo,
  remove: deleteVideo,
} = videoWrites;
