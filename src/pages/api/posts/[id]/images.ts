import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json, notFound, parseParams, readJson } from "@/lib/http.server";
import { idParam } from "@/lib/query-schemas";
import { requireAdmin } from "@/modules/auth/guard.server";
import { addPostImage } from "@/modules/posts/post-writes.server";
import { postGallery } from "@/modules/posts/posts.server";
import { postImageInputSchema } from "@/modules/posts/schema";
import { serializePostImage } from "@/modules/posts/serialize";

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const { id } = parseParams(idParam, params);
    const images = await postGallery(db(), id);
    if (!images) throw notFound("Post");
    return json(images.map(serializePostImage));
  });

export const POST: APIRoute = ({ params, locals, request }) =>
  handle(async () => {
    requireAdmin(locals);
    const { id } = parseParams(idParam, params);
    const image = await readJson(request, postImageInputSchema, 16 * 1024);
    return json(serializePostImage(await addPostImage(db(), id, image)), { status: 201 });
  });
