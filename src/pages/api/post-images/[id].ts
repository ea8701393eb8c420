import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { handle, json, parseParams } from "@/lib/http.server";
import { idParam } from "@/lib/query-schemas";
import { requireAdmin } from "@/modules/auth/guard.server";
import { deletePostImage } from "@/modules/posts/post-writes.server";

export const DELETE: APIRoute = ({ params, locals }) =>
  handle(async () => {
    requireAdmin(locals);
    const { id } = parseParams(idParam, params);
    await deletePostImage(db(), id);
    return json({ ok: true });
  });
