import { defineRoute } from "@/lib/define-route.server";
import { pagedJson } from "@/lib/paged-response.server";
import { searchPageQuery } from "@/lib/query-schemas";
import { serializeSearchedVideo } from "@/modules/videos/card";
import { searchVideos } from "@/modules/videos/videos.server";

export const GET = defineRoute({
  access: "public",
  query: searchPageQuery,
  run: async ({ query, db, context }) =>
    pagedJson(context.url, await searchVideos(db, query.q, query), query, serializeSearchedVideo(query.view, query.q)),
});
