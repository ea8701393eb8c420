import { defineRoute } from "@/lib/define-route.server";
import { recentPosts } from "@/modules/posts/posts.server";
import { serializePost } from "@/modules/posts/serialize";

export const GET = defineRoute({
  access: "public",
  run: async ({ db }) => (await recentPosts(db)).map(serializePost),
});
