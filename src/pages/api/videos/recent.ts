import { defineRoute } from "@/lib/define-route.server";
import { serializeVideo } from "@/modules/videos/serialize";
import { recentVideos } from "@/modules/videos/videos.server";

export const GET = defineRoute({
  access: "public",
  run: async ({ db }) => (await recentVideos(db)).map(serializeVideo),
});
