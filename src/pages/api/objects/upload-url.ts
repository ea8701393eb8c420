import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { runtime } from "@/lib/runtime.server";
import { MAX_BYTES, UPLOADABLE_TYPES, uploadKindOf, type UploadTarget } from "@/modules/uploads/contract";
import { newRawKey } from "@/modules/uploads/upload-keys";

const query = z.object({
  contentType: z
    .enum(UPLOADABLE_TYPES, { error: "Only images and MP4 or WebM videos can be uploaded" })
    .default("image/jpeg"),
});

/** Parameters for one direct upload (SPEC §7): a signed PUT to the site, or a presigned POST to S3. */
export const GET = defineRoute({
  access: "admin",
  query,
  run: async ({ query: { contentType } }): Promise<UploadTarget> => {
    const key = newRawKey();
    const maxBytes = MAX_BYTES[uploadKindOf(contentType)];
    const target = await (await runtime().objects()).uploadTarget({ key, type: contentType, maxBytes });
    // rawPath (beyond the spec's fields) tells the uploader what to normalise afterwards.
    return { ...target, rawPath: UPLOADS_PREFIX + key };
  },
});
