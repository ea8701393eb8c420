import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json, notFound, parseParams } from "@/lib/http.server";
import { slugParam } from "@/lib/query-schemas";
import { postBySlug } from "@/modules/posts/posts.server";
import { serializePost } from "@/modules/posts/serialize";

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const { slug } = parseParams(slugParam, params);
    const post = await postBySlug(db(), slug);
    if (!post) throw notFound("Post");
    return json(serializePost(post));
  });
