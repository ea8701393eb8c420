import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json, notFound, parseParams, readJson } from "@/lib/http.server";
import { idParam, slugParam } from "@/lib/query-schemas";
import { requireAdmin } from "@/modules/auth/guard.server";
import { deletePost, updatePost } from "@/modules/posts/post-writes.server";
import { postBySlug } from "@/modules/posts/posts.server";
import { postInputSchema } from "@/modules/posts/schema";
import { serializePost } from "@/modules/posts/serialize";

// The spec reads a post by slug and writes it by id on the same path: /api/posts/{ref}.

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const { slug } = parseParams(slugParam, { slug: params.ref });
    const post = await postBySlug(db(), slug);
    if (!post) throw notFound("Post");
    return json(serializePost(post));
  });

export const PUT: APIRoute = ({ params, locals, request }) =>
  handle(async () => {
    requireAdmin(locals);
    const { id } = parseParams(idParam, { id: params.ref });
    const data = await readJson(request, postInputSchema);
    return json(serializePost(await updatePost(db(), id, data)));
  });

export const DELETE: APIRoute = ({ params, locals }) =>
  handle(async () => {
    requireAdmin(locals);
    const { id } = parseParams(idParam, { id: params.ref });
    await deletePost(db(), id);
    return json({ ok: true });
  });
