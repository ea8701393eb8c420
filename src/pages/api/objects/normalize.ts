import type { APIRoute } from "astro";
import { z } from "zod";
import { handle, json, readJson } from "@/lib/http.server";
import { requireAdmin } from "@/modules/auth/guard.server";
import { normalizeUpload } from "@/modules/uploads/normalize-upload.server";
import { objectStore } from "@/modules/uploads/object-store.server";

const body = z.strictObject({ rawPath: z.string().max(300) });

export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    requireAdmin(locals);
    const { rawPath } = await readJson(request, body, 1024);
    return json({ normalizedPath: await normalizeUpload(await objectStore(), rawPath) });
  });
