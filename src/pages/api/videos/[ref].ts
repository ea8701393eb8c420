import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json, notFound, parseParams, readJson } from "@/lib/http.server";
import { idParam, slugParam } from "@/lib/query-schemas";
import { requireAdmin } from "@/modules/auth/guard.server";
import { videoInputSchema } from "@/modules/videos/schema";
import { serializeVideo } from "@/modules/videos/serialize";
import { deleteVideo, updateVideo } from "@/modules/videos/video-writes.server";
import { videoBySlug } from "@/modules/videos/videos.server";

// Read by slug, written by id, on the same path: /api/videos/{ref}.

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const { slug } = parseParams(slugParam, { slug: params.ref });
    const video = await videoBySlug(db(), slug);
    if (!video) throw notFound("Video");
    return json(serializeVideo(video));
  });

export const PUT: APIRoute = ({ params, locals, request }) =>
  handle(async () => {
    requireAdmin(locals);
    const { id } = parseParams(idParam, { id: params.ref });
    const data = await readJson(request, videoInputSchema);
    return json(serializeVideo(await updateVideo(db(), id, data)));
  });

export const DELETE: APIRoute = ({ params, locals }) =>
  handle(async () => {
    requireAdmin(locals);
    const { id } = parseParams(idParam, { id: params.ref });
    await deleteVideo(db(), id);
    return json({ ok: true });
  });
