import { defineRoute } from "@/lib/define-route.server";
import { searchQuery } from "@/lib/query-schemas";
import { serializeVideo } from "@/modules/videos/serialize";
import { searchVideos } from "@/modules/videos/videos.server";

export const GET = defineRoute({
  access: "public",
  query: searchQuery,
  run: async ({ query, db }) => (await searchVideos(db, query.q)).map(serializeVideo),
});
