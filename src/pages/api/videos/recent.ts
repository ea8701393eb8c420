import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json } from "@/lib/http.server";
import { recentVideos } from "@/modules/videos/videos.server";
import { serializeVideo } from "@/modules/videos/serialize";

export const GET: APIRoute = () => handle(async () => json((await recentVideos(db())).map(serializeVideo)));
