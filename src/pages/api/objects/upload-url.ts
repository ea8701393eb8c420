import type { APIRoute } from "astro";
import { z } from "zod";
import { handle, json, parseQuery } from "@/lib/http.server";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { requireAdmin } from "@/modules/auth/guard.server";
import { MAX_BYTES, UPLOADABLE_TYPES } from "@/modules/uploads/file-types";
import { objectStore } from "@/modules/uploads/object-store.server";
import { newRawKey } from "@/modules/uploads/upload-keys";

const query = z.object({
  contentType: z
    .enum(UPLOADABLE_TYPES, { error: "Only images and MP4 or WebM videos can be uploaded" })
    .default("image/jpeg"),
});

/** Parameters for one direct upload (SPEC §7): a signed PUT to the site, or a presigned POST to S3. */
export const GET: APIRoute = ({ locals, url }) =>
  handle(async () => {
    requireAdmin(locals);
    const { contentType } = parseQuery(query, url);
    const key = newRawKey();
    const maxBytes = contentType.startsWith("image/") ? MAX_BYTES.image : MAX_BYTES.video;
    const target = await (await objectStore()).uploadTarget({ key, type: contentType, maxBytes });
    // rawPath (beyond the spec's fields) tells the uploader what to normalise afterwards.
    return json({ ...target, rawPath: UPLOADS_PREFIX + key });
  });
