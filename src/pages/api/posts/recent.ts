import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json } from "@/lib/http.server";
import { recentPosts } from "@/modules/posts/posts.server";
import { serializePost } from "@/modules/posts/serialize";

export const GET: APIRoute = () => handle(async () => json((await recentPosts(db())).map(serializePost)));
