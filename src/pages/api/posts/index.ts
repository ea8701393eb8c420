import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json, parseQuery } from "@/lib/http.server";
import { categoryQuery } from "@/lib/query-schemas";
import { listPosts } from "@/modules/posts/posts.server";
import { serializePost } from "@/modules/posts/serialize";

export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const { category } = parseQuery(categoryQuery, url);
    const posts = await listPosts(db(), { category });
    return json(posts.map(serializePost));
  });
