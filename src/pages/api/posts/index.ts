import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json, parseQuery, readJson } from "@/lib/http.server";
import { categoryQuery } from "@/lib/query-schemas";
import { requireAdmin } from "@/modules/auth/guard.server";
import { createPost } from "@/modules/posts/post-writes.server";
import { listPosts } from "@/modules/posts/posts.server";
import { postInputSchema } from "@/modules/posts/schema";
import { serializePost } from "@/modules/posts/serialize";

export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const { category } = parseQuery(categoryQuery, url);
    const posts = await listPosts(db(), { category });
    return json(posts.map(serializePost));
  });

export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    requireAdmin(locals);
    const data = await readJson(request, postInputSchema);
    return json(serializePost(await createPost(db(), data)), { status: 201 });
  });
