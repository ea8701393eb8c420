import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json, notFound, parseParams } from "@/lib/http.server";
import { slugParam } from "@/lib/query-schemas";
import { videoBySlug } from "@/modules/videos/videos.server";
import { serializeVideo } from "@/modules/videos/serialize";

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const { slug } = parseParams(slugParam, params);
    const video = await videoBySlug(db(), slug);
    if (!video) throw notFound("Video");
    return json(serializeVideo(video));
  });
