import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json, parseQuery } from "@/lib/http.server";
import { searchQuery } from "@/lib/query-schemas";
import { searchPosts } from "@/modules/posts/posts.server";
import { serializePost } from "@/modules/posts/serialize";

export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const { q } = parseQuery(searchQuery, url);
    return json((await searchPosts(db(), q)).map(serializePost));
  });
