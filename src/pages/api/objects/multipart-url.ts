import { defineRoute } from "@/lib/define-route.server";
import { multipartStepSchema, type MultipartTarget } from "@/modules/uploads/contract";
import { signMultipartStep } from "@/modules/uploads/multipart-steps.server";
import { siteObjects } from "@/modules/uploads/site-objects.server";

/**
 * The signed URL of one request of a multipart upload (a file above 100 MB): to S3, or to
 * the site's own multipart endpoint. A GET changes nothing: the permission is signed.
 */
export const GET = defineRoute({
  access: "admin",
  query: multipartStepSchema,
  run: async ({ db, user, query }): Promise<MultipartTarget> =>
    signMultipartStep(db, await siteObjects(), query, user.id),
});
