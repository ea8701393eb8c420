import { defineRoute } from "@/server/define-route.server";
import { pagedJson } from "@/lib/paged-response.server";
import { categoryPageQuery } from "@/lib/query-schemas";
import { videoInputSchema } from "@/modules/videos/schema";
import { serializeListedVideo } from "@/modules/videos/card";
import { serializeVideo } from "@/modules/videos/serialize";
import { createVideo } from "@/modules/videos/video-writes.server";
import { listVideosPage } from "@/modules/videos/videos.server";

export const GET = defineRoute({
  access: "public",
  query: categoryPageQuery,
  run: async ({ query, db, context }) =>
    pagedJson(context.url, await listVideosPage(db, query, query), query, serializeListedVideo(query.view)),
});

export const POST = defineRoute({
  access: "admin",
  body: videoInputSchema,
  status: 201,
  run: async ({ body, db }) => serializeVideo(await createVideo(db, body)),
});
