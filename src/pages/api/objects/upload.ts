import { defineRoute } from "@/lib/define-route.server";
import { notFound, tooLarge, unsupportedType } from "@/lib/errors";
import { contentType } from "@/lib/http.server";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { siteObjects } from "@/modules/uploads/site-objects.server";
import { checkUpload } from "@/modules/uploads/upload-policy.server";

/** The local driver's upload target: the body is the file, allowed by the signed policy in the URL. */
export const PUT = defineRoute({
  access: "admin",
  rawBody: true,
  status: 201,
  run: async ({ db, user, context: { request, url } }) => {
    const store = await siteObjects();
    // With S3 the browser uploads to the bucket; this endpoint is not there.
    if (!store.receive) throw notFound("Upload endpoint");
    const policy = await checkUpload(
      db,
      url.searchParams.get("policy") ?? "",
      url.searchParams.get("signature") ?? "",
      user.id,
    );
    if (contentType(request) !== policy.type) throw unsupportedType(`Content-Type must be ${policy.type}`);
    if (Number(request.headers.get("Content-Length")) > policy.max) throw tooLarge("The file is too large");
    await store.receive(request.body, policy);
    return { rawPath: UPLOADS_PREFIX + policy.key };
  },
});
