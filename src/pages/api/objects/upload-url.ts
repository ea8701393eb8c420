import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { siteObjects } from "@/modules/uploads/site-objects.server";
import { UPLOADABLE_TYPES, type UploadTarget } from "@/modules/uploads/contract";
import { newUpload } from "@/modules/uploads/upload-keys";

const query = z.object({
  contentType: z
    .enum(UPLOADABLE_TYPES, { error: "Only images, MP4 or WebM videos and WebVTT captions can be uploaded" })
    .default("image/jpeg"),
});

/**
 * Parameters for one direct upload (SPEC §7): a signed PUT to the site, or a presigned POST
 * to S3. A GET changes nothing: the permission is signed, not recorded.
 */
export const GET = defineRoute({
  access: "admin",
  query,
  run: async ({ user, query: { contentType } }): Promise<UploadTarget> => {
    // The key names the kind asked for and this admin; the signed policy fixes key, type,
    // size and sender together.
    const upload = newUpload(contentType, user.id);
    const target = await (await siteObjects()).uploadTarget(upload);
    // rawPath (beyond the spec's fields) tells the uploader what to normalise afterwards.
    return { ...target, rawPath: UPLOADS_PREFIX + upload.key };
  },
});
