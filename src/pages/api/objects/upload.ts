import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { contentType, handle, HttpError, json } from "@/lib/http.server";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { requireAdmin } from "@/modules/auth/guard.server";
import { LocalStore } from "@/modules/uploads/local-store.server";
import { receiveUpload } from "@/modules/uploads/local-uploads.server";
import { objectStore } from "@/modules/uploads/object-store.server";
import { redeemUpload } from "@/modules/uploads/upload-policy.server";

/** The local driver's upload target: the body is the file, allowed by the signed policy in the URL. */
export const PUT: APIRoute = ({ locals, request, url }) =>
  handle(async () => {
    requireAdmin(locals);
    const store = await objectStore();
    // With S3 the browser uploads to the bucket; this endpoint is not there.
    if (!(store instanceof LocalStore)) throw new HttpError(404, "Uploads go to the object store");
    const policy = await redeemUpload(
      db(),
      url.searchParams.get("policy") ?? "",
      url.searchParams.get("signature") ?? "",
    );
    if (contentType(request) !== policy.type) throw new HttpError(415, `Content-Type must be ${policy.type}`);
    if (Number(request.headers.get("Content-Length")) > policy.max) throw new HttpError(413, "The file is too large");
    await receiveUpload(request.body, policy, store.file(policy.key));
    return json({ rawPath: UPLOADS_PREFIX + policy.key }, { status: 201 });
  });
