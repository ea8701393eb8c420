import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json, notFound, parseParams } from "@/lib/http.server";
import { idParam } from "@/lib/query-schemas";
import { postGallery } from "@/modules/posts/posts.server";
import { serializePostImage } from "@/modules/posts/serialize";

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const { id } = parseParams(idParam, params);
    const images = await postGallery(db(), id);
    if (!images) throw notFound("Post");
    return json(images.map(serializePostImage));
  });
