import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json, parseQuery } from "@/lib/http.server";
import { searchQuery } from "@/lib/query-schemas";
import { searchVideos } from "@/modules/videos/videos.server";
import { serializeVideo } from "@/modules/videos/serialize";

export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const { q } = parseQuery(searchQuery, url);
    return json((await searchVideos(db(), q)).map(serializeVideo));
  });
