import { defineRoute } from "@/lib/define-route.server";
import { idParam } from "@/lib/query-schemas";
import { siteFfmpeg } from "@/modules/videos/streams/ffmpeg.server";
import { streamStatus } from "@/modules/videos/streams/stream-status.server";

/** Where the video's streaming ladder stands, for the manager's line under it. */
export const GET = defineRoute({
  access: "admin",
  params: idParam,
  run: async ({ params, db }) => streamStatus(db, params.id, await siteFfmpeg()),
});
