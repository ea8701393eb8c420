import { defineRoute } from "@/lib/define-route.server";
import { featuredPost } from "@/modules/posts/posts.server";
import { serializePost } from "@/modules/posts/serialize";

// No featured post is a normal state of the site (home shows 'No featured post
// available'), so it is `null`, not an error.
export const GET = defineRoute({
  access: "public",
  run: async ({ db }) => {
    const post = await featuredPost(db);
    return post ? serializePost(post) : null;
  },
});
