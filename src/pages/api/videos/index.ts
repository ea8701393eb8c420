import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json, parseQuery, readJson } from "@/lib/http.server";
import { categoryQuery } from "@/lib/query-schemas";
import { requireAdmin } from "@/modules/auth/guard.server";
import { videoInputSchema } from "@/modules/videos/schema";
import { createVideo } from "@/modules/videos/video-writes.server";
import { listVideos } from "@/modules/videos/videos.server";
import { serializeVideo } from "@/modules/videos/serialize";

export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const { category } = parseQuery(categoryQuery, url);
    return json((await listVideos(db(), { category })).map(serializeVideo));
  });

export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    requireAdmin(locals);
    const data = await readJson(request, videoInputSchema);
    return json(serializeVideo(await createVideo(db(), data)), { status: 201 });
  });
