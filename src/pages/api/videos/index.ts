import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json, parseQuery } from "@/lib/http.server";
import { categoryQuery } from "@/lib/query-schemas";
import { listVideos } from "@/modules/videos/videos.server";
import { serializeVideo } from "@/modules/videos/serialize";

export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const { category } = parseQuery(categoryQuery, url);
    return json((await listVideos(db(), { category })).map(serializeVideo));
  });
