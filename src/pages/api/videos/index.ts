import { defineRoute } from "@/lib/define-route.server";
import { categoryQuery } from "@/lib/query-schemas";
import { videoInputSchema } from "@/modules/videos/schema";
import { serializeVideo } from "@/modules/videos/serialize";
import { createVideo } from "@/modules/videos/video-writes.server";
import { listVideos } from "@/modules/videos/videos.server";

export const GET = defineRoute({
  access: "public",
  query: categoryQuery,
  run: async ({ query, db }) => (await listVideos(db, query)).map(serializeVideo),
});

export const POST = defineRoute({
  access: "admin",
  body: videoInputSchema,
  status: 201,
  run: async ({ body, db }) => serializeVideo(await createVideo(db, body)),
});
