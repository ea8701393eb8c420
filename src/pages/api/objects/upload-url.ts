import type { APIRoute } from "astro";
import { z } from "zod";
import { db } from "@/lib/db.server";
import { handle, json, parseQuery } from "@/lib/http.server";
import { requireAdmin } from "@/modules/auth/guard.server";
import { UPLOADABLE_TYPES } from "@/modules/uploads/file-types";
import { signUpload } from "@/modules/uploads/upload-policy.server";

const query = z.object({
  contentType: z
    .enum(UPLOADABLE_TYPES, { error: "Only images and MP4 or WebM videos can be uploaded" })
    .default("image/jpeg"),
});

/** Parameters for one direct upload (SPEC §7), for the local driver a signed, single-use PUT. */
export const GET: APIRoute = ({ locals, url }) =>
  handle(async () => {
    requireAdmin(locals);
    const { contentType } = parseQuery(query, url);
    const signed = await signUpload(db(), contentType);
    // rawPath (beyond the spec's fields) tells the uploader what to normalise afterwards.
    return json({
      method: "PUT",
      url: signed.url,
      fields: {},
      headers: { "Content-Type": contentType },
      rawPath: `/uploads/${signed.policy.key}`,
    });
  });
