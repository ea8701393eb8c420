import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json } from "@/lib/http.server";
import { featuredPost } from "@/modules/posts/posts.server";
import { serializePost } from "@/modules/posts/serialize";

// No featured post is a normal state of the site (home shows 'No featured post
// available'), so it is `null`, not an error.
export const GET: APIRoute = () =>
  handle(async () => {
    const post = await featuredPost(db());
    return json(post ? serializePost(post) : null);
  });
