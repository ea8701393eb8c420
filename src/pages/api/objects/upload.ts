import type { APIRoute } from "astro";
import { db } from "@/lib/db.server";
import { contentType, handle, HttpError, json } from "@/lib/http.server";
import { requireAdmin } from "@/modules/auth/guard.server";
import { receiveUpload } from "@/modules/uploads/local-uploads.server";
import { redeemUpload } from "@/modules/uploads/upload-policy.server";

/** The local driver's upload target: the body is the file, allowed by the signed policy in the URL. */
export const PUT: APIRoute = ({ locals, request, url }) =>
  handle(async () => {
    requireAdmin(locals);
    const policy = await redeemUpload(
      db(),
      url.searchParams.get("policy") ?? "",
      url.searchParams.get("signature") ?? "",
    );
    if (contentType(request) !== policy.type) throw new HttpError(415, `Content-Type must be ${policy.type}`);
    if (Number(request.headers.get("Content-Length")) > policy.max) throw new HttpError(413, "The file is too large");
    const rawPath = await receiveUpload(request.body, policy);
    return json({ rawPath }, { status: 201 });
  });
